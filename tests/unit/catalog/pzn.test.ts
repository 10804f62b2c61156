import { describe, expect, it } from 'vitest';
import { isValidPzn, normalizePzn, pznCheckDigit } from '../../../src/features/catalog/model/pzn';

describe('PZN check digit (domain rules)', () => {
  it.each(['10019621', '04877800', '04773414', '17377588', '19201712', '00838973'])('accepts %s', (pzn) => {
    expect(isValidPzn(pzn)).toBe(true);
  });

  it.each(['10019622', '11111111'])('rejects %s', (pzn) => {
    expect(isValidPzn(pzn)).toBe(false);
  });

  it('rejects wrong lengths, non-digits and numbers', () => {
    for (const value of ['', '1001962', '100196210', '1001962a', ' 10019621']) expect(isValidPzn(value)).toBe(false);
  });

  it('computes the weighted sum modulo 11', () => {
    expect(pznCheckDigit('1001962')).toBe(1);
    expect(pznCheckDigit('0083897')).toBe(3);
  });

  it('treats a remainder of 10 as never issued', () => {
    // 1·0 + 2·0 + 3·0 + 4·0 + 5·0 + 6·0 + 7·3 = 21 → 21 mod 11 = 10
    expect(pznCheckDigit('0000003')).toBeNull();
    for (let digit = 0; digit <= 9; digit++) expect(isValidPzn(`0000003${digit}`)).toBe(false);
  });
});

describe('7-digit PZN normalisation', () => {
  it('prefixes a zero and keeps the check digit valid', () => {
    expect(normalizePzn('4877800')).toBe('04877800');
    expect(isValidPzn(normalizePzn('4877800'))).toBe(true);
    expect(normalizePzn(' 0838973 ')).toBe('00838973');
    expect(isValidPzn(normalizePzn('0838973'))).toBe(true);
  });

  it('leaves 8-digit and malformed values alone', () => {
    expect(normalizePzn('10019621')).toBe('10019621');
    expect(normalizePzn('123')).toBe('123');
  });
});
