import { describe, expect, it } from 'vitest';
import { hasValidCheckDigits, prescriptionCheckDigits } from '../../../src/features/prescriptions/model/check-digits';

/** ISO 7064 MOD 97-10 computed independently of the code under test: check = 98 - (n × 100 mod 97). */
const expected = (first15: string) => String(98n - ((BigInt(first15) * 100n) % 97n)).padStart(2, '0');

const SAMPLES = ['160123456789123', '200000000000100', '160000000000001', '169000000000005', '209999999999999', '160000000000000', '200987654321098'];

describe('prescriptionCheckDigits', () => {
  it('gives 58 for the domain rules’ example 160.123.456.789.123.58', () => {
    expect(prescriptionCheckDigits('160123456789123')).toBe('58');
  });

  it.each(SAMPLES)('agrees with the BigInt formula for %s', (first15) => {
    expect(prescriptionCheckDigits(first15)).toBe(expected(first15));
  });

  it('pads a single-digit result to two digits', () => {
    // Search the formula for a sample whose check value is below 10, so the padding is exercised.
    const small = Array.from({ length: 200 }, (_, i) => `160000000000${String(i).padStart(3, '0')}`).find((digits) => Number(expected(digits)) < 10)!;
    expect(prescriptionCheckDigits(small)).toMatch(/^0\d$/);
    expect(prescriptionCheckDigits(small)).toBe(expected(small));
  });

  it('refuses anything but fifteen digits', () => {
    for (const bad of ['16012345678912', '1601234567891234', '16012345678912a', '']) expect(() => prescriptionCheckDigits(bad)).toThrow(RangeError);
  });
});

describe('hasValidCheckDigits', () => {
  it.each(SAMPLES)('accepts %s with its check digits', (first15) => {
    expect(hasValidCheckDigits(`${first15}${expected(first15)}`)).toBe(true);
  });

  it('refuses a wrong check digit, a changed digit and swapped digits', () => {
    expect(hasValidCheckDigits('16012345678912359')).toBe(false);
    expect(hasValidCheckDigits('16012345678912458')).toBe(false);
    expect(hasValidCheckDigits('16012345678921358')).toBe(false);
  });

  it('refuses anything but seventeen digits', () => {
    expect(hasValidCheckDigits('160.123.456.789.123.58')).toBe(false);
    expect(hasValidCheckDigits('1601234567891235')).toBe(false);
  });
});
