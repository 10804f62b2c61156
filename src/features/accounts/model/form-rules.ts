/**
 * The account forms' own checks, for instant feedback only: the e-mail, password and age rules are
 * the server's (email.ts, password-rules.ts, age.ts), and the server's answer stays authoritative.
 * Each check's message is a key the screens translate (an ErrorCode or one of FIELD_KEYS).
 */
import { checkBirthDate } from './age';

/** Keys of client-only field texts (everything else is an ErrorCode from the catalogue). */
export const FIELD_KEYS = ['required', 'invalidDate', 'codeFormat'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

/** A loose plausibility check; the server normalises to E.164 and has the final word. */
export function looksLikePhone(input: string): boolean {
  const value = input.trim();
  if (!/^[+\d\s()./-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

export function isSixDigitCode(input: string): boolean {
  return /^\d{6}$/.test(input.trim());
}

/** The server's birth-date rule as field keys: null when fine, else the problem to fix first. */
export function birthDateProblem(value: string, now: Date = new Date()): 'required' | 'invalidDate' | 'AGE_BELOW_MINIMUM_CRITERIA' | null {
  if (!value.trim()) return 'required';
  const check = checkBirthDate(value.trim(), now);
  if (check.ok) return null;
  return check.code === 'AGE_BELOW_MINIMUM_CRITERIA' ? check.code : 'invalidDate';
}
