/**
 * German postal codes (PLZ): exactly five digits, kept as strings because leading zeros matter
 * (01067 Dresden). The 00 zone was never assigned, so a code starting with "00" cannot exist.
 */
const PLZ = /^\d{5}$/;

export function isPostalCode(value: string): boolean {
  return PLZ.test(value);
}

/** Well-formed and in an assigned zone (01–99): a code the post could deliver to. */
export function isAssignedPostalCode(value: string): boolean {
  return isPostalCode(value) && !value.startsWith('00');
}

/** Trims surrounding blanks only: a number-typed 1067 is a client bug, not a code to pad. */
export function normalizePostalCode(value: string): string {
  return value.trim();
}

/** Whether a code lies in an inclusive range of codes; same-length digit strings compare like numbers. */
export function postalCodeInRange(code: string, from: string, to: string): boolean {
  return isPostalCode(code) && code >= from && code <= to;
}
