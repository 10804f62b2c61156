import { describe, expect, it } from 'vitest';
import { prescriptionCheckDigits } from '../../../src/features/prescriptions/model/check-digits';
import { formatPrescriptionId, parseAccessCode, parsePrescriptionId } from '../../../src/features/prescriptions/model/prescription-id';
import { parsePrescriptionCode, parseTaskUrl, parseTypedPrescription, TOKEN_FAILURE_CODES, uniqueTokens, type TokenResult } from '../../../src/features/prescriptions/model/token';
import { isErrorCode } from '../../../src/platform/http/error-codes';

const CODE = '0123456789abcdef'.repeat(4);
const ID = '160.123.456.789.123.58';
const withCheckDigits = (first15: string) => formatPrescriptionId(`${first15}${prescriptionCheckDigits(first15)}`);
const PRIVATE_ID = withCheckDigits('200000000000100');
const line = (id: string, code = CODE) => `Task/${id}/$accept?ac=${code}`;
const codeOf = (result: TokenResult) => (result.ok ? 'OK' : result.code);

describe('parsePrescriptionId', () => {
  it('reads the dotted form, the bare digits and digits in typed groups alike', () => {
    for (const typed of [ID, '16012345678912358', '160123456789123 58', ' 160 123 456 789 123 58 ']) {
      expect(parsePrescriptionId(typed)).toEqual({ ok: true, value: { id: ID, flowType: '160', insurance: 'statutory' } });
    }
  });

  it('knows a private prescription by its flow type 200', () => {
    expect(parsePrescriptionId(PRIVATE_ID)).toEqual({ ok: true, value: { id: PRIVATE_ID, flowType: '200', insurance: 'private' } });
  });

  it('says the format is wrong for too few or too many digits and for letters', () => {
    for (const bad of ['160.123.456.789.123.5', '160.123.456.789.123.580', '160.123.456.789.12a.58', '', 'Task']) expect(codeOf(parsePrescriptionId(bad) as TokenResult)).toBe('PRESCRIPTION_ID_INVALID');
  });

  it('says the check digits are wrong for a typo', () => {
    expect(codeOf(parsePrescriptionId('160.123.456.789.123.59') as TokenResult)).toBe('PRESCRIPTION_CHECK_DIGITS_WRONG');
    expect(codeOf(parsePrescriptionId('160.123.456.798.123.58') as TokenResult)).toBe('PRESCRIPTION_CHECK_DIGITS_WRONG');
  });

  it('tells that 169 and 209 are on their way to the pharmacy the doctor chose', () => {
    expect(codeOf(parsePrescriptionId(withCheckDigits('169000000000005')) as TokenResult)).toBe('PRESCRIPTION_SENT_TO_PHARMACY');
    expect(codeOf(parsePrescriptionId(withCheckDigits('209123456789123')) as TokenResult)).toBe('PRESCRIPTION_SENT_TO_PHARMACY');
  });

  it('refuses any other flow type as unknown', () => {
    for (const flow of ['162', '165', '100', '000', '999']) expect(codeOf(parsePrescriptionId(withCheckDigits(`${flow}123456789123`)) as TokenResult)).toBe('PRESCRIPTION_FLOW_TYPE_UNKNOWN');
  });
});

describe('parseAccessCode', () => {
  it('keeps 64 hex characters in lower case, without the spaces typed between blocks', () => {
    expect(parseAccessCode(CODE.toUpperCase())).toEqual({ ok: true, value: CODE });
    expect(parseAccessCode(CODE.match(/.{1,8}/g)!.join(' '))).toEqual({ ok: true, value: CODE });
  });

  it('refuses a code of another length or with other characters', () => {
    for (const bad of [CODE.slice(1), `${CODE}0`, `${CODE.slice(1)}g`, '']) expect(parseAccessCode(bad).ok).toBe(false);
  });
});

describe('parseTypedPrescription', () => {
  it('gives the canonical token, the display id, the flow type and the insurance', () => {
    expect(parseTypedPrescription({ prescriptionId: '160123456789123 58', accessCode: CODE.toUpperCase() })).toEqual({
      ok: true,
      value: { canonical: `Task/${ID}/$accept?ac=${CODE}`, prescriptionId: ID, flowType: '160', insurance: 'statutory' },
    });
  });

  it('names the wrong field, both when both are wrong', () => {
    expect(parseTypedPrescription({ prescriptionId: ID, accessCode: 'abc' })).toEqual({ ok: false, code: 'PRESCRIPTION_ACCESS_CODE_INVALID', fields: { accessCode: 'PRESCRIPTION_ACCESS_CODE_INVALID' } });
    expect(parseTypedPrescription({ prescriptionId: '160.123.456.789.123.59', accessCode: CODE })).toEqual({ ok: false, code: 'PRESCRIPTION_CHECK_DIGITS_WRONG', fields: { prescriptionId: 'PRESCRIPTION_CHECK_DIGITS_WRONG' } });
    expect(parseTypedPrescription({ prescriptionId: '12', accessCode: 'abc' })).toEqual({
      ok: false,
      code: 'PRESCRIPTION_ID_INVALID',
      fields: { prescriptionId: 'PRESCRIPTION_ID_INVALID', accessCode: 'PRESCRIPTION_ACCESS_CODE_INVALID' },
    });
  });
});

describe('parseTaskUrl', () => {
  it('reads one Task line, also pasted with whitespace around it', () => {
    const result = parseTaskUrl(`\n  ${line(ID, CODE.toUpperCase())}\t \n`);
    expect(result.ok && result.value.canonical).toBe(line(ID));
  });

  it('says which part of a Task line is wrong', () => {
    expect(codeOf(parseTaskUrl(line('160.123.456.789.123.59')))).toBe('PRESCRIPTION_CHECK_DIGITS_WRONG');
    expect(codeOf(parseTaskUrl(line('160.123')))).toBe('PRESCRIPTION_ID_INVALID');
    expect(codeOf(parseTaskUrl(line(ID, 'xyz')))).toBe('PRESCRIPTION_ACCESS_CODE_INVALID');
    expect(codeOf(parseTaskUrl(`${line(ID)}&other=1`))).toBe('PRESCRIPTION_ACCESS_CODE_INVALID');
    expect(codeOf(parseTaskUrl(line(withCheckDigits('209000000000001'))))).toBe('PRESCRIPTION_SENT_TO_PHARMACY');
  });

  it('says a text that is no Task line is not a prescription code', () => {
    for (const text of ['hello', 'https://example.org/', `Task/${ID}/$reject?ac=${CODE}`, `Task/${ID}?ac=${CODE}`]) expect(codeOf(parseTaskUrl(text))).toBe('PRESCRIPTION_TOKEN_INVALID');
  });
});

describe('parsePrescriptionCode', () => {
  const dataMatrix = (...urls: unknown[]) => JSON.stringify({ urls });

  it('reads the Data Matrix JSON with up to three tokens, in order', () => {
    const other = '1'.repeat(64);
    const result = parsePrescriptionCode(dataMatrix(line(ID), line(PRIVATE_ID), line(ID, other)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.tokens.map((token) => token.canonical)).toEqual([line(ID), line(PRIVATE_ID), line(ID, other)]);
    expect(result.value.tokens.map((token) => token.insurance)).toEqual(['statutory', 'private', 'statutory']);
    expect(result.value.entries.map((entry) => [entry.position, entry.result.ok, entry.duplicate])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, true, false],
    ]);
  });

  it('reads the JSON also as scanners deliver it, with line breaks and spaces', () => {
    const result = parsePrescriptionCode(`  {\n "urls" : [\n  "${line(ID)}"\n ]\n}\n`);
    expect(result.ok && result.value.tokens.length).toBe(1);
  });

  it('gives each url its own result, so the screen shows which one failed, and keeps the good ones', () => {
    const result = parsePrescriptionCode(dataMatrix(line(ID), line('160.123.456.789.123.59'), 42));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.entries.map((entry) => [entry.position, codeOf(entry.result)])).toEqual([
      [1, 'OK'],
      [2, 'PRESCRIPTION_CHECK_DIGITS_WRONG'],
      [3, 'PRESCRIPTION_TOKEN_INVALID'],
    ]);
    expect(result.value.tokens.map((token) => token.prescriptionId)).toEqual([ID]);
  });

  it('counts the same token twice once, whatever its spelling', () => {
    const result = parsePrescriptionCode(dataMatrix(line(ID), line('16012345678912358', CODE.toUpperCase())));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.tokens).toHaveLength(1);
    expect(result.value.entries.map((entry) => entry.duplicate)).toEqual([false, true]);
  });

  it('reads a single Task line as a code of one', () => {
    const result = parsePrescriptionCode(`  ${line(ID)}  `);
    expect(result.ok && result.value.entries.map((entry) => codeOf(entry.result))).toEqual(['OK']);
    const broken = parsePrescriptionCode(line(ID, 'abc'));
    expect(broken.ok && broken.value.entries.map((entry) => codeOf(entry.result))).toEqual(['PRESCRIPTION_ACCESS_CODE_INVALID']);
  });

  it('refuses as a whole what is no prescription code: no JSON, no urls, an empty list, more than three, an endless text', () => {
    for (const text of ['', '   ', '{', '{"urls": "x"}', '{"url": []}', dataMatrix(), dataMatrix(line(ID), line(ID), line(ID), line(ID)), 'null', `${' '.repeat(10)}${'x'.repeat(5000)}`, '{"urls": null}']) {
      expect(parsePrescriptionCode(text)).toEqual({ ok: false, code: 'PRESCRIPTION_TOKEN_INVALID' });
    }
  });

  it('does not take JSON other than an object for a code', () => {
    expect(parsePrescriptionCode(`["${line(ID)}"]`)).toEqual({ ok: false, code: 'PRESCRIPTION_TOKEN_INVALID' });
  });
});

describe('uniqueTokens', () => {
  it('keeps the first of tokens gathered twice from several codes', () => {
    const a = parseTaskUrl(line(ID));
    const b = parseTaskUrl(line(PRIVATE_ID));
    const again = parseTypedPrescription({ prescriptionId: '160123456789123 58', accessCode: CODE });
    if (!a.ok || !b.ok || !again.ok) throw new Error('fixtures must parse');
    expect(uniqueTokens([a.value, b.value, again.value])).toEqual([a.value, b.value]);
  });
});

describe('the token failure codes', () => {
  it('are all in the error catalogue', () => {
    expect(TOKEN_FAILURE_CODES.filter((code) => !isErrorCode(code))).toEqual([]);
  });
});
