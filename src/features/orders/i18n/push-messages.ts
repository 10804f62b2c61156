import { defineMessages } from '../../../platform/i18n/messages';

/**
 * Push notifications of order status changes, in the customer's language. They can show on a
 * locked screen, so they name the order number and the status only: never products or the pharmacy.
 */
export const orderPushMessages = defineMessages(
  {
    acceptedTitle: 'Your order has been accepted',
    acceptedBody: 'Order {number} is being prepared by the pharmacy.',
    dispatchedTitle: 'Your order is on its way',
    dispatchedBody: 'Order {number} has left the pharmacy. Follow it live on the order page.',
    parcelTitle: 'Your order has been shipped',
    parcelBody: 'Order {number} has been handed to the parcel service.',
    deliveredTitle: 'Your order has been delivered',
    deliveredBody: 'Order {number} has been delivered. Thank you for ordering with Apobote.',
    collectedTitle: 'Your order has been collected',
    collectedBody: 'Order {number} has been handed over at the pharmacy.',
    rejectedTitle: 'Your order could not be accepted',
    rejectedBody: 'Order {number}: nothing is charged, the reserved amount is released. Open the order for details.',
  },
  {
    acceptedTitle: 'Ihre Bestellung wurde angenommen',
    acceptedBody: 'Die Apotheke bereitet die Bestellung {number} vor.',
    dispatchedTitle: 'Ihre Bestellung ist unterwegs',
    dispatchedBody: 'Die Bestellung {number} hat die Apotheke verlassen. Verfolgen Sie sie live auf der Bestellseite.',
    parcelTitle: 'Ihre Bestellung wurde versandt',
    parcelBody: 'Die Bestellung {number} wurde dem Paketdienst übergeben.',
    deliveredTitle: 'Ihre Bestellung wurde zugestellt',
    deliveredBody: 'Die Bestellung {number} wurde zugestellt. Vielen Dank für Ihre Bestellung bei Apobote.',
    collectedTitle: 'Ihre Bestellung wurde abgeholt',
    collectedBody: 'Die Bestellung {number} wurde in der Apotheke übergeben.',
    rejectedTitle: 'Ihre Bestellung konnte nicht angenommen werden',
    rejectedBody: 'Bestellung {number}: Es wird nichts belastet, der reservierte Betrag wird freigegeben. Details finden Sie auf der Bestellseite.',
  },
);
