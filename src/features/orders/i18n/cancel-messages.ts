import { defineMessages } from '../../../platform/i18n/messages';

/** The customer's withdrawal of an order the pharmacy has not accepted yet (order page). */
export const cancelOrderMessages = defineMessages(
  {
    open: 'Cancel order',
    title: 'Cancel order {number}?',
    body: 'The pharmacy has not accepted your order yet. If you cancel it now, nothing is charged: the reservation on your card is released, and any credit or coupon you used is available again.',
    confirm: 'Yes, cancel order',
    keep: 'Keep order',
    working: 'Cancelling…',
  },
  {
    open: 'Bestellung stornieren',
    title: 'Bestellung {number} stornieren?',
    body: 'Die Apotheke hat Ihre Bestellung noch nicht angenommen. Wenn Sie sie jetzt stornieren, wird nichts belastet: Die Reservierung auf Ihrer Karte wird aufgehoben, eingesetztes Guthaben und Gutscheine stehen Ihnen wieder zur Verfügung.',
    confirm: 'Ja, Bestellung stornieren',
    keep: 'Bestellung behalten',
    working: 'Wird storniert …',
  },
);
