/**
 * PZN (Pharmazentralnummer): 8 digits, the last is (1·d1 + 2·d2 + … + 7·d7) mod 11.
 * A remainder of 10 is never issued, so such a number is invalid. Kept as a string: leading zeros matter.
 */
export function pznCheckDigit(firstSeven: string): number | null {
  if (!/^\d{7}$/.test(firstSeven)) return null;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += (i + 1) * Number(firstSeven[i]);
  const check = sum % 11;
  return check === 10 ? null : check;
}

export function isValidPzn(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const check = pznCheckDigit(value.slice(0, 7));
  return check !== null && check === Number(value[7]);
}

/** Old 7-digit PZNs become 8-digit by a leading zero; the check digit stays valid. */
export function normalizePzn(value: string): string {
  const trimmed = value.trim();
  return /^\d{7}$/.test(trimmed) ? `0${trimmed}` : trimmed;
}
