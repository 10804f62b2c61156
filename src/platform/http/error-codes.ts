import { defineMessages } from '../i18n/messages';

/**
 * The API's error catalogue (spec §8 plus the platform's own codes). Every error answer is
 * `{ code, message }`; the message is in the request's language. Later features add their codes
 * here so one table stays the contract for clients.
 */
export const errorMessages = defineMessages(
  {
    GENERIC_ERROR: 'Something went wrong, please try again later.',
    BAD_REQUEST: 'Something went wrong, please try again later.',
    MISSING_PARAMS: 'Please fill in all required fields.',
    NOT_FOUND: 'The requested resource was not found.',
    UNAUTHORIZED: 'Please log in to continue.',
    FORBIDDEN: 'You are not allowed to do this.',
    RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
    SERVICE_UNAVAILABLE: 'The shop is temporarily unavailable. Please try again later.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    // Accounts (spec §5, §8)
    USER_NOT_FOUND: 'No account exists with this e-mail address.',
    ACCOUNT_NOT_FOUND: 'We could not find an account with this e-mail address.',
    INCORRECT_PASSWORD: 'The password is incorrect.',
    AGE_BELOW_MINIMUM_CRITERIA: 'You must be at least 18 years old to shop at Apobote.',
    PASSWORD_MISMATCH: 'Passwords do not match.',
    INVALID_PASSWORD_LENGTH: 'The password must be at least 8 characters long.',
    INVALID_EMAIL: 'Please enter a valid e-mail address. Special characters such as + are not allowed.',
    DUPLICATE_EMAIL: 'This e-mail address is already used by another user.',
    INVALID_PHONE_NUMBER: 'Invalid phone number.',
    SMS_NOT_SENT: 'The SMS could not be sent. Please try again later.',
    INVALID_VERIFICATION_CODE: 'Invalid verification code.',
    WRONG_CODE_OR_PHONE: 'Wrong code or phone number.',
    MULTIPLE_ACCOUNTS_FOR_PHONE: 'Two accounts use this phone number. Please log in with your e-mail address or contact our support.',
    PHONE_EMAIL_MISMATCH: 'Phone number and e-mail address do not match.',
    CODE_EXPIRED_INVALID_OR_USED: 'Code expired, invalid or already used.',
    VERIFICATION_NOT_DELIVERED: 'The verification code could not be delivered. Please try again later.',
    SOCIAL_TOKEN_INVALID: 'Something went wrong, please try again later.',
    // Cart (spec §6, §8; domain rules: no Rx in the cart)
    PRODUCT_NOT_FOUND: 'This product is not available.',
    PRESCRIPTION_REQUIRED: 'This product requires a prescription and cannot be added to the cart.',
    MAX_QUANTITY_EXCEEDED: 'You have reached the maximum quantity for this product.',
    STOCK_INSUFFICIENT: 'Product sold out or stock insufficient (items removed from the cart).',
    SOLD_OUT: 'Product sold out or stock insufficient (items removed from the cart).',
    ADDRESS_REQUIRED: 'Please add a delivery address first.',
    // Addresses (spec §3, §5)
    ADDRESS_FIELDS_REQUIRED: 'Please fill in all fields.',
    HOUSE_NUMBER_REQUIRED: 'Please enter a house number.',
    INVALID_HOUSE_NUMBER: 'Please enter a valid house number, e.g. 12, 12a, 12-14 or 7 1/2.',
    INVALID_POSTAL_CODE: 'Please enter a valid postal code with 5 digits.',
  },
  {
    GENERIC_ERROR: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.',
    BAD_REQUEST: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.',
    MISSING_PARAMS: 'Bitte füllen Sie alle Pflichtfelder aus.',
    NOT_FOUND: 'Die angeforderte Ressource wurde nicht gefunden.',
    UNAUTHORIZED: 'Bitte melden Sie sich an, um fortzufahren.',
    FORBIDDEN: 'Dazu sind Sie nicht berechtigt.',
    RATE_LIMITED: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    SERVICE_UNAVAILABLE: 'Der Shop ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
    PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß.',
    // Accounts (spec §5, §8)
    USER_NOT_FOUND: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
    ACCOUNT_NOT_FOUND: 'Wir konnten kein Konto mit dieser E-Mail-Adresse finden.',
    INCORRECT_PASSWORD: 'Das Passwort ist falsch.',
    AGE_BELOW_MINIMUM_CRITERIA: 'Sie müssen mindestens 18 Jahre alt sein, um bei Apobote einzukaufen.',
    PASSWORD_MISMATCH: 'Die Passwörter stimmen nicht überein.',
    INVALID_PASSWORD_LENGTH: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    INVALID_EMAIL: 'Bitte geben Sie eine gültige E-Mail-Adresse ein. Sonderzeichen wie + sind nicht erlaubt.',
    DUPLICATE_EMAIL: 'Diese E-Mail-Adresse wird bereits von einem anderen Nutzer verwendet.',
    INVALID_PHONE_NUMBER: 'Ungültige Telefonnummer.',
    SMS_NOT_SENT: 'Die SMS konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    INVALID_VERIFICATION_CODE: 'Ungültiger Bestätigungscode.',
    WRONG_CODE_OR_PHONE: 'Falscher Code oder falsche Telefonnummer.',
    MULTIPLE_ACCOUNTS_FOR_PHONE: 'Zwei Konten verwenden diese Telefonnummer. Bitte melden Sie sich mit Ihrer E-Mail-Adresse an oder wenden Sie sich an unseren Support.',
    PHONE_EMAIL_MISMATCH: 'Telefonnummer und E-Mail-Adresse passen nicht zusammen.',
    CODE_EXPIRED_INVALID_OR_USED: 'Der Code ist abgelaufen, ungültig oder wurde bereits verwendet.',
    VERIFICATION_NOT_DELIVERED: 'Der Bestätigungscode konnte nicht zugestellt werden. Bitte versuchen Sie es später erneut.',
    SOCIAL_TOKEN_INVALID: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.',
    // Warenkorb (Spezifikation §6, §8; Fachregeln: keine Rx-Produkte im Warenkorb)
    PRODUCT_NOT_FOUND: 'Dieses Produkt ist nicht verfügbar.',
    PRESCRIPTION_REQUIRED: 'Dieses Produkt ist verschreibungspflichtig und kann nicht in den Warenkorb gelegt werden.',
    MAX_QUANTITY_EXCEEDED: 'Sie haben die Höchstmenge für dieses Produkt erreicht.',
    STOCK_INSUFFICIENT: 'Produkt ausverkauft oder nicht ausreichend vorrätig (Artikel wurden aus dem Warenkorb entfernt).',
    SOLD_OUT: 'Produkt ausverkauft oder nicht ausreichend vorrätig (Artikel wurden aus dem Warenkorb entfernt).',
    ADDRESS_REQUIRED: 'Bitte fügen Sie zuerst eine Lieferadresse hinzu.',
    // Addresses (spec §3, §5)
    ADDRESS_FIELDS_REQUIRED: 'Bitte füllen Sie alle Felder aus.',
    HOUSE_NUMBER_REQUIRED: 'Bitte geben Sie eine Hausnummer ein.',
    INVALID_HOUSE_NUMBER: 'Bitte geben Sie eine gültige Hausnummer ein, z. B. 12, 12a, 12-14 oder 7 1/2.',
    INVALID_POSTAL_CODE: 'Bitte geben Sie eine gültige fünfstellige Postleitzahl ein.',
  },
);

export type ErrorCode = keyof (typeof errorMessages)['en'];

export const ERROR_CODES = Object.keys(errorMessages.en) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages.en, value);
}

/** Clients map a code to its message; anything they do not know is shown as GENERIC_ERROR (§8). */
export function normalizeErrorCode(value: unknown): ErrorCode {
  return isErrorCode(value) ? value : 'GENERIC_ERROR';
}
