import { describe, expect, it } from 'vitest';
import { checkTypedInput, isPastedToken } from '../../../src/features/prescriptions/model/redeem-input';
import { exemptionSchema, typedPrescriptionSchema } from '../../../src/features/prescriptions/model/redeem-schemas';
import { TEST_PRESCRIPTION_TOKENS, testTokenLine } from '../../../src/platform/prescriptions/client';

const { prescriptionId, accessCode } = TEST_PRESCRIPTION_TOKENS.statutory;

describe("the redeem screen's typed form", () => {
  it('sends the ID in its dotted form and the access code as the server reads it, whatever the spacing', () => {
    expect(checkTypedInput({ prescriptionId: ' 160 123 456 789 123 58 ', accessCode: accessCode.toUpperCase().replace(/(.{16})/g, '$1 ') })).toEqual({
      ok: true,
      body: { prescriptionId, accessCode },
    });
  });

  it('names each field that is wrong with the model\'s code, and an empty one as "please enter"', () => {
    expect(checkTypedInput({ prescriptionId: '160.123.456.789.123.59', accessCode })).toEqual({ ok: false, fields: { prescriptionId: 'PRESCRIPTION_CHECK_DIGITS_WRONG' } });
    expect(checkTypedInput({ prescriptionId: '160.123', accessCode: 'abc' })).toEqual({
      ok: false,
      fields: { prescriptionId: 'PRESCRIPTION_ID_INVALID', accessCode: 'PRESCRIPTION_ACCESS_CODE_INVALID' },
    });
    expect(checkTypedInput({ prescriptionId: '', accessCode: '' })).toEqual({ ok: false, fields: { prescriptionId: 'idRequired', accessCode: 'codeRequired' } });
    expect(checkTypedInput({ prescriptionId: TEST_PRESCRIPTION_TOKENS.sentToPharmacy.prescriptionId, accessCode })).toEqual({
      ok: false,
      fields: { prescriptionId: 'PRESCRIPTION_SENT_TO_PHARMACY' },
    });
  });

  it('takes a pasted Task line or printout JSON in the ID field as the whole token', () => {
    const line = testTokenLine('statutory');
    expect(isPastedToken(line)).toBe(true);
    expect(isPastedToken(`/${line}`)).toBe(true);
    expect(isPastedToken(prescriptionId)).toBe(false);
    expect(checkTypedInput({ prescriptionId: `  ${line} `, accessCode: '' })).toEqual({ ok: true, body: { code: line } });
    const json = JSON.stringify({ urls: [line] });
    expect(checkTypedInput({ prescriptionId: json, accessCode: '' })).toEqual({ ok: true, body: { code: json } });
    expect(checkTypedInput({ prescriptionId: 'Task/160.123.456.789.123.59/$accept?ac=' + accessCode, accessCode: '' })).toEqual({
      ok: false,
      fields: { prescriptionId: 'PRESCRIPTION_CHECK_DIGITS_WRONG' },
    });
    expect(checkTypedInput({ prescriptionId: '{"urls": []}', accessCode: '' })).toEqual({ ok: false, fields: { prescriptionId: 'PRESCRIPTION_TOKEN_INVALID' } });
  });

  it('reports through the form schema on the field concerned', () => {
    const parsed = typedPrescriptionSchema.safeParse({ prescriptionId: '160.123.456.789.123.59', accessCode: 'x' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['prescriptionId', 'PRESCRIPTION_CHECK_DIGITS_WRONG'],
        ['accessCode', 'PRESCRIPTION_ACCESS_CODE_INVALID'],
      ]);
    }
  });
});

describe("the exemption form's check", () => {
  const check = exemptionSchema('2026-12-08');
  const issues = (values: { exempt: boolean; validUntil: string }) => {
    const parsed = check.safeParse(values);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('asks for a date of today or later only when exempt', () => {
    expect(issues({ exempt: true, validUntil: '' })).toEqual(['exemptionDateRequired']);
    expect(issues({ exempt: true, validUntil: '2026-12-07' })).toEqual(['exemptionDatePast']);
    expect(issues({ exempt: true, validUntil: '2026-12-08' })).toEqual([]);
    expect(issues({ exempt: false, validUntil: '' })).toEqual([]);
  });
});
