import { calendarDateAt } from '../time/wall-clock';
import type { Failure, Result } from '../http/result';
import type { CardBrand, CardDetails, CardErrorCode } from './types';

/**
 * Checks a card form before anything leaves the browser, and again on the server: the Luhn check
 * digit, a length that fits the brand, an expiry month not yet over on Berlin clocks, and a CVC of
 * 4 digits for American Express, 3 for every other brand. Browser-safe.
 */

/** The digits of a typed card number; spaces and hyphens are allowed, anything else is not. */
export function cardDigits(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the number's first digits; works on partial input so the form can show a logo. */
export function detectBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (digits.length >= 4 && four >= 2221 && four <= 2720)) return 'mastercard';
  if (/^(5018|5020|5038|5893|6304|6759|676[1-3])/.test(digits)) return 'maestro';
  return 'unknown';
}

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  maestro: [12, 13, 14, 15, 16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

export function validateCardNumber(input: string): Result<{ digits: string; brand: CardBrand; last4: string }, 'CARD_INVALID'> {
  const digits = cardDigits(input);
  if (!digits) return { ok: false, code: 'CARD_INVALID' };
  const brand = detectBrand(digits);
  if (!LENGTHS[brand].includes(digits.length) || !luhnValid(digits)) return { ok: false, code: 'CARD_INVALID' };
  return { ok: true, value: { digits, brand, last4: digits.slice(-4) } };
}

/** "12/28", "12 / 2028", "1228": month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*(?:\/\s*)?(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** Cards are issued for at most a few years; a date further ahead is a typo. */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

/** A card is valid through the last day of its expiry month, on Berlin clocks. */
export function validateExpiry(month: number, year: number, now: Date): Result<{ month: number; year: number }, 'EXPIRY_INVALID' | 'CARD_EXPIRED'> {
  const fullYear = year < 100 ? 2000 + year : year;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(fullYear)) return { ok: false, code: 'EXPIRY_INVALID' };
  const current = calendarDateAt(now);
  if (fullYear > current.year + MAX_EXPIRY_YEARS_AHEAD) return { ok: false, code: 'EXPIRY_INVALID' };
  if (fullYear < current.year || (fullYear === current.year && month < current.month)) return { ok: false, code: 'CARD_EXPIRED' };
  return { ok: true, value: { month, year: fullYear } };
}

export function validateCvc(cvc: string, brand: CardBrand): Result<string, 'CVC_INVALID'> {
  const trimmed = cvc.trim();
  return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(trimmed) ? { ok: true, value: trimmed } : { ok: false, code: 'CVC_INVALID' };
}

export interface CardFormInput {
  number: string;
  /** "MM/YY" as typed, or month and year separately. */
  expiry?: string;
  expiryMonth?: number;
  expiryYear?: number;
  cvc: string;
}

export type CardValidationFailure = Failure<CardErrorCode> & { fields: Partial<Record<'number' | 'expiry' | 'cvc', CardErrorCode>> };

/**
 * Every field at once, so the form can mark each wrong field; the failure's code is the first
 * field's (number, expiry, cvc). The card on success hides number and CVC from serialization.
 */
export function validateCard(input: CardFormInput, now: Date): { ok: true; value: CardDetails } | CardValidationFailure {
  const fields: CardValidationFailure['fields'] = {};
  const number = validateCardNumber(input.number);
  if (!number.ok) fields.number = number.code;

  const parsed = input.expiry !== undefined ? parseExpiry(input.expiry) : input.expiryMonth !== undefined && input.expiryYear !== undefined ? { month: input.expiryMonth, year: input.expiryYear } : null;
  const expiry = parsed ? validateExpiry(parsed.month, parsed.year, now) : ({ ok: false, code: 'EXPIRY_INVALID' } as const);
  if (!expiry.ok) fields.expiry = expiry.code;

  // The CVC's length depends on the brand; with an unreadable number, judge it by what was typed.
  const brand = number.ok ? number.value.brand : detectBrand(cardDigits(input.number) ?? '');
  const cvc = validateCvc(input.cvc, brand);
  if (!cvc.ok) fields.cvc = cvc.code;

  if (!number.ok || !expiry.ok || !cvc.ok) {
    const code = (fields.number ?? fields.expiry ?? fields.cvc)!;
    return { ok: false, code, fields };
  }
  return { ok: true, value: cardDetails({ number: number.value.digits, cvc: cvc.value, expiryMonth: expiry.value.month, expiryYear: expiry.value.year }) };
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * A CardDetails whose number and CVC are readable as properties but invisible to JSON.stringify,
 * object spread, Object.keys and Node's console/inspect: only brand, last four and expiry show.
 */
export function cardDetails(input: { number: string; cvc: string; expiryMonth: number; expiryYear: number }): CardDetails {
  const brand = detectBrand(input.number);
  const last4 = input.number.slice(-4);
  const visible = { brand, last4, expiryMonth: input.expiryMonth, expiryYear: input.expiryYear };
  const card = { ...visible };
  Object.defineProperties(card, {
    number: { value: input.number, enumerable: false },
    cvc: { value: input.cvc, enumerable: false },
    toJSON: { value: () => ({ ...visible }), enumerable: false },
    toString: { value: () => `${brand} •••• ${last4}`, enumerable: false },
    [INSPECT]: { value: () => `CardDetails { ${brand} •••• ${last4}, ${input.expiryMonth}/${input.expiryYear} }`, enumerable: false },
  });
  return Object.freeze(card) as CardDetails;
}

/** "•••• 4242" for lists of saved cards. */
export const maskedCardNumber = (last4: string): string => `•••• ${last4}`;
