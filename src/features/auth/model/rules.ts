/**
 * Client-side mirrors of the server's account rules (spec §5), for instant feedback only: the
 * server's answer stays authoritative and is mapped onto the same fields. Each check's message is a
 * key the screens translate (an ErrorCode of the catalogue, or one of FIELD_KEYS).
 */
import { calendarDateAt, parseIsoDate } from '../../../platform/time/wall-clock';

export const MIN_PASSWORD_LENGTH = 8;
export const MINIMUM_AGE = 18;

/** Keys of client-only field texts (everything else is an ErrorCode from the catalogue). */
export const FIELD_KEYS = ['required', 'invalidDate', 'codeFormat'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

const LOCAL = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Same shape as the server's check: no '+' or other special characters, a real-looking domain. */
export function isValidEmail(input: string): boolean {
  const email = input.trim().toLowerCase();
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || email.indexOf('@') !== at) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local)) return false;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return /^[a-z]{2,63}$/.test(labels[labels.length - 1] ?? '');
}

export function isLongEnough(password: string): boolean {
  return [...password].length >= MIN_PASSWORD_LENGTH;
}

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

/** Completed years on today's date in Germany, where the shop's age rule is applied. */
export function ageOn(birth: { year: number; month: number; day: number }, now: Date): number {
  const { year, month, day } = calendarDateAt(now);
  const beforeBirthday = month < birth.month || (month === birth.month && day < birth.day);
  return year - birth.year - (beforeBirthday ? 1 : 0);
}

/** null when fine, else the key of the problem (the order the user should fix them in). */
export function birthDateProblem(value: string, now: Date = new Date()): 'required' | 'invalidDate' | 'AGE_BELOW_MINIMUM_CRITERIA' | null {
  if (!value.trim()) return 'required';
  const date = parseIsoDate(value.trim());
  if (!date) return 'invalidDate';
  const age = ageOn(date, now);
  if (age < 0 || age > 130) return 'invalidDate';
  return age < MINIMUM_AGE ? 'AGE_BELOW_MINIMUM_CRITERIA' : null;
}
