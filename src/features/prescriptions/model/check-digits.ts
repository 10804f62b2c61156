/**
 * ISO 7064 MOD 97-10 check digits of an E-Rezept PrescriptionID (gematik: two digits over the
 * fifteen before them), the scheme IBANs use too: the seventeen digits read as one number leave a
 * rest of 1 when divided by 97. The rest is taken digit by digit, so no number outgrows a double
 * and no BigInt is needed in the browser.
 */

const FIFTEEN_DIGITS = /^\d{15}$/;
const SEVENTEEN_DIGITS = /^\d{17}$/;

function mod97(digits: string): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/** The two check digits for the first fifteen digits of a PrescriptionID, e.g. '58' for '160123456789123'. */
export function prescriptionCheckDigits(first15: string): string {
  if (!FIFTEEN_DIGITS.test(first15)) throw new RangeError('check digits need exactly fifteen digits');
  return String(98 - mod97(`${first15}00`)).padStart(2, '0');
}

/** Whether seventeen digits (a PrescriptionID without its dots) end in the right check digits. */
export function hasValidCheckDigits(digits17: string): boolean {
  return SEVENTEEN_DIGITS.test(digits17) && mod97(digits17) === 1;
}
