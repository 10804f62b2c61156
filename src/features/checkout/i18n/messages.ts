import { defineMessages } from '../../../platform/i18n/messages';

/**
 * Checkout texts shared by the server (order e-mails) and the checkout and order islands. Amounts
 * and times are placeholders filled from configuration, never written into the text: the delivery
 * fee shown is always the configured one.
 */
export const checkoutMessages = defineMessages(
  {
    subtotal: 'Subtotal',
    deliveryFee: 'Delivery fee',
    deliveryFree: 'Free',
    deliveryFeeNote: 'Delivery costs {fee} and is free from an order value of {threshold}.',
    freeDeliveryMissing: 'Add {missing} more for free delivery.',
    couponDiscount: 'Coupon {code}',
    tip: 'Tip for the courier',
    tipNote: '100 % of your tip goes to the courier.',
    tipNone: 'No tip',
    tipCustom: 'Other amount',
    total: 'Total',
    walletCredit: 'Credit used',
    amountDue: 'Amount to pay',
    vatContained: 'Includes {rate} % VAT',
    asap: 'As soon as possible (about {minutes} minutes)',
    laterToday: 'Later today',
    tomorrow: 'Pre-order for tomorrow',
    slot: '{from}–{to}',
    parcel: 'Parcel delivery ({min}–{max} business days)',
    parcelEstimate: 'Expected between {earliest} and {latest}',
    pickup: 'Self-pickup at the pharmacy',
  },
  {
    subtotal: 'Zwischensumme',
    deliveryFee: 'Liefergebühr',
    deliveryFree: 'Kostenlos',
    deliveryFeeNote: 'Die Lieferung kostet {fee} und ist ab einem Bestellwert von {threshold} kostenlos.',
    freeDeliveryMissing: 'Noch {missing} bis zur kostenlosen Lieferung.',
    couponDiscount: 'Gutschein {code}',
    tip: 'Trinkgeld für den Boten',
    tipNote: 'Ihr Trinkgeld geht zu 100 % an den Boten.',
    tipNone: 'Kein Trinkgeld',
    tipCustom: 'Anderer Betrag',
    total: 'Gesamtsumme',
    walletCredit: 'Eingesetztes Guthaben',
    amountDue: 'Zu zahlender Betrag',
    vatContained: 'Enthaltene MwSt. ({rate} %)',
    asap: 'So schnell wie möglich (ca. {minutes} Minuten)',
    laterToday: 'Später heute',
    tomorrow: 'Vorbestellung für morgen',
    slot: '{from}–{to} Uhr',
    parcel: 'Paketversand ({min}–{max} Werktage)',
    parcelEstimate: 'Voraussichtlich zwischen {earliest} und {latest}',
    pickup: 'Selbstabholung in der Apotheke',
  },
);
