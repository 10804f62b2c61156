/**
 * The catalogue's texts the browser needs before, or without, the catalogue chunk (error-codes.ts
 * takes them from here): GENERIC_ERROR for a failed call while offline (spec §8), and
 * PHARMACY_CLOSED, which the checkout shows on arrival when the pharmacy is closed.
 */
export const ERROR_TEXTS_AT_HAND = {
  en: {
    GENERIC_ERROR: 'Something went wrong, please try again later.',
    PHARMACY_CLOSED: 'Pharmacy closed, choose another time.',
  },
  de: {
    GENERIC_ERROR: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.',
    PHARMACY_CLOSED: 'Die Apotheke ist geschlossen. Bitte wählen Sie eine andere Zeit.',
  },
} as const;
