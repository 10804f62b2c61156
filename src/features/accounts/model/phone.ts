/**
 * Phone numbers are stored in E.164 (+491711234567). Input as people type it is accepted:
 * "0171 1234567", "0171/123 45 67", "+49 (0)171 1234567", "0049 171 1234567". A number without
 * a country code is German (the shop sells in Germany). Returns null for anything implausible.
 */
const GERMANY = '49';

export function normalizePhone(input: string): string | null {
  let value = input.trim();
  if (value === '' || !/^[+\d\s()./-]+$/.test(value)) return null;
  // "+49 (0)171 …": the bracketed trunk zero of the German national format is dropped.
  value = value.replace(/^(\+|00)\s*(\d{1,3})\s*\(0\)/, '$1$2');
  if ((value.match(/\+/g) ?? []).length > (value.startsWith('+') ? 1 : 0)) return null;
  const international = value.startsWith('+') || value.startsWith('00');
  let digits = value.replace(/\D/g, '');
  if (international) {
    if (value.startsWith('00')) digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    digits = GERMANY + digits.slice(1);
  } else {
    // Neither "+", "00" nor the national trunk "0": cannot tell which country it belongs to.
    return null;
  }
  return isPlausibleE164(digits) ? `+${digits}` : null;
}

/** E.164 allows at most 15 digits; country codes never start with 0. German numbers get a closer look. */
function isPlausibleE164(digits: string): boolean {
  if (!/^[1-9]\d{7,14}$/.test(digits)) return false;
  if (digits.startsWith(GERMANY)) {
    const national = digits.slice(GERMANY.length);
    // German national numbers (without trunk 0) have 6 to 13 digits and never start with 0.
    if (!/^[1-9]\d{5,12}$/.test(national)) return false;
    // Numbers starting with 1 are mobile (15x, 16x, 17x: 10 or 11 digits) or service numbers
    // (110, 116…, 118…, 180…) that cannot be a customer's phone.
    return national.startsWith('1') ? /^1[5-7]\d{8,9}$/.test(national) : true;
  }
  return true;
}
