import { defineMessages } from '../../../platform/i18n/messages';

/** The home page's "where do we deliver?" postal-code check and its promise. */
export const promiseMessages = defineMessages(
  {
    label: 'Where should we deliver? Your postal code',
    submit: 'Check',
    checking: 'Checking…',
    inArea: 'Delivered in about 30 minutes to {place}, from {pharmacy}.',
    inAreaLater: '{pharmacy} delivers to {place}: it is closed right now, so your order comes in about 30 minutes once it opens.',
    invalid: 'Please enter a five-digit postal code.',
    failed: 'We could not check this right now. Please try again.',
  },
  {
    label: 'Wohin dürfen wir liefern? Ihre Postleitzahl',
    submit: 'Prüfen',
    checking: 'Wird geprüft …',
    inArea: 'In ca. 30 Minuten nach {place}, von der {pharmacy}.',
    inAreaLater: '{pharmacy} liefert nach {place}: Sie ist gerade geschlossen, Ihre Bestellung kommt ca. 30 Minuten nach Öffnung.',
    invalid: 'Bitte geben Sie eine fünfstellige Postleitzahl ein.',
    failed: 'Das konnten wir gerade nicht prüfen. Bitte versuchen Sie es erneut.',
  },
);
