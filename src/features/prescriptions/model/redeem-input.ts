import { parsePrescriptionCode, parseTypedPrescription, type TokenFailureCode, type TokenField } from './token';

/**
 * What the redeem screen's typed form makes of its two fields before anything is sent: the body of
 * `POST /user/prescriptions`, or the failure code of each field, so the screen says under the
 * field what is wrong (a wrong check digit, a short access code) without asking the server, which
 * checks again. A `Task/…` line or a printout's JSON pasted into the ID field counts as the whole
 * token: the access code field is not needed then.
 */

export type RedeemBody = { code: string } | { prescriptionId: string; accessCode: string };

/** Empty fields have their own codes: "please enter …" reads better than "this is wrong". */
export type TypedFieldProblem = TokenFailureCode | 'idRequired' | 'codeRequired';

export type TypedCheck = { ok: true; body: RedeemBody } | { ok: false; fields: Partial<Record<TokenField, TypedFieldProblem>> };

const PASTED = /^\s*(\/?Task\/|\{)/;

/** Whether the ID field holds a whole token (a `Task/…` line or the Data Matrix JSON) rather than an ID. */
export function isPastedToken(text: string): boolean {
  return PASTED.test(text);
}

function pastedCheck(text: string): TypedCheck {
  const parsed = parsePrescriptionCode(text);
  if (!parsed.ok) return { ok: false, fields: { prescriptionId: parsed.code } };
  if (parsed.value.tokens.length > 0) return { ok: true, body: { code: text.trim() } };
  // No good token in it: the first entry's reason, on the field that holds the whole line.
  const failed = parsed.value.entries.find((entry) => !entry.result.ok)?.result;
  return { ok: false, fields: { prescriptionId: failed && !failed.ok ? failed.code : 'PRESCRIPTION_TOKEN_INVALID' } };
}

/** Both fields checked at once, as at submit: the model's per-field verdicts, an empty field as "please enter". */
export function checkTypedInput(input: { prescriptionId: string; accessCode: string }): TypedCheck {
  if (isPastedToken(input.prescriptionId)) return pastedCheck(input.prescriptionId);
  const result = parseTypedPrescription(input);
  if (result.ok) {
    // The canonical line holds the access code as the server reads it (no spaces, lower case).
    const accessCode = result.value.canonical.slice(result.value.canonical.indexOf('?ac=') + 4);
    return { ok: true, body: { prescriptionId: result.value.prescriptionId, accessCode } };
  }
  const failed = (result.fields ?? {}) as Partial<Record<TokenField, TokenFailureCode>>;
  const fields: Partial<Record<TokenField, TypedFieldProblem>> = {};
  if (failed.prescriptionId) fields.prescriptionId = input.prescriptionId.trim() === '' ? 'idRequired' : failed.prescriptionId;
  if (failed.accessCode) fields.accessCode = input.accessCode.trim() === '' ? 'codeRequired' : failed.accessCode;
  return { ok: false, fields };
}
