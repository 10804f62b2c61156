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
  },
  {
    GENERIC_ERROR: 'Etwas ist schiefgelaufen. Bitte versuche es später erneut.',
    BAD_REQUEST: 'Etwas ist schiefgelaufen. Bitte versuche es später erneut.',
    MISSING_PARAMS: 'Bitte fülle alle Pflichtfelder aus.',
    NOT_FOUND: 'Die angeforderte Ressource wurde nicht gefunden.',
    UNAUTHORIZED: 'Bitte melde dich an, um fortzufahren.',
    FORBIDDEN: 'Dazu bist du nicht berechtigt.',
    RATE_LIMITED: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut.',
    SERVICE_UNAVAILABLE: 'Der Shop ist vorübergehend nicht erreichbar. Bitte versuche es später erneut.',
    PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß.',
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
