import { fail, ok, type Result } from '../../../platform/http/result';
import type { DeliveryMethod } from './delivery-timing';

/**
 * Courier tips (spec §1, §9): 100 % goes to the courier, so the tip is neither discounted, nor part
 * of the VAT base, nor counted towards free delivery. Only courier deliveries can be tipped.
 */
export const TIP_PRESETS_CENTS = [0, 100, 200, 300] as const;
/** Upper bound for a custom tip: catches typos such as 250 € for 2,50 €. */
export const MAX_TIP_CENTS = 5000;

export function validateTip(tipCents: number, method: DeliveryMethod): Result<number, 'TIP_INVALID'> {
  if (!Number.isSafeInteger(tipCents) || tipCents < 0 || tipCents > MAX_TIP_CENTS) return fail('TIP_INVALID');
  if (tipCents > 0 && method !== 'courier') return fail('TIP_INVALID');
  return ok(tipCents);
}

/**
 * Reads a custom tip typed by the customer, in either locale's notation: "2", "2,5", "2,50", "2.50",
 * optionally with "€". Thousands separators are not accepted (tips are small). Null when unreadable.
 */
export function parseEuroAmount(text: string): number | null {
  const match = /^\s*(?:€\s*)?(\d{1,6})(?:[.,](\d{1,2}))?\s*(?:€|EUR)?\s*$/i.exec(text);
  if (!match) return null;
  const euros = Number(match[1]);
  const cents = match[2] === undefined ? 0 : Number(match[2].padEnd(2, '0'));
  return euros * 100 + cents;
}
