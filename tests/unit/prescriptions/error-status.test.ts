import { describe, expect, it } from 'vitest';
import { TOKEN_FAILURE_CODES } from '../../../src/features/prescriptions/model/token';
import { PRESCRIPTION_ERROR_STATUS } from '../../../src/features/prescriptions/server/error-status';
import { ERROR_CODES, errorMessages } from '../../../src/platform/http/error-codes';

describe('the prescription error codes', () => {
  const prescriptionCodes = ERROR_CODES.filter((code) => code.startsWith('PRESCRIPTION_') && code !== 'PRESCRIPTION_REQUIRED');

  it('each have an HTTP status, and each status table entry is a catalogue code', () => {
    expect(prescriptionCodes.filter((code) => !Object.hasOwn(PRESCRIPTION_ERROR_STATUS, code))).toEqual([]);
    expect(Object.keys(PRESCRIPTION_ERROR_STATUS).filter((code) => !(ERROR_CODES as string[]).includes(code))).toEqual([]);
  });

  it('answer 422 for every token the shop refuses by itself', () => {
    expect(TOKEN_FAILURE_CODES.map((code) => PRESCRIPTION_ERROR_STATUS[code])).toEqual(TOKEN_FAILURE_CODES.map(() => 422));
  });

  it('read differently from each other in both languages, so each mistake has its own message', () => {
    for (const locale of ['en', 'de'] as const) {
      const texts = prescriptionCodes.map((code) => errorMessages[locale][code]);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });
});
