import type { ErrorCode } from '../../../platform/http/error-codes';
import { fail, ok, type Result } from '../../../platform/http/result';
import { parseAccessCode, parsePrescriptionId, type InsuranceKind, type PrescriptionIdFailureCode, type RedeemableFlowType } from './prescription-id';

/**
 * Prescription tokens as customers bring them: the JSON of a printout's Data Matrix code
 * (`{"urls": ["Task/<PrescriptionID>/$accept?ac=<AccessCode>", …]}`, up to three), one such
 * `Task/…` line pasted from an app, or the PrescriptionID and AccessCode typed into two fields.
 *
 * A token is a bearer secret: whoever holds it can have the prescription dispensed. Never log it,
 * put it in a URL, an analytics event or an error message; store it only through the token vault.
 */
export interface PrescriptionToken {
  /** `Task/<PrescriptionID>/$accept?ac=<accesscode>`, the one spelling of this token (dotted id, lower-case code). */
  canonical: string;
  /** The PrescriptionID with dots, safe to show: it does not redeem anything without the AccessCode. */
  prescriptionId: string;
  flowType: RedeemableFlowType;
  insurance: InsuranceKind;
}

export type TokenFailureCode = 'PRESCRIPTION_TOKEN_INVALID' | PrescriptionIdFailureCode | 'PRESCRIPTION_ACCESS_CODE_INVALID';

/** Every code a token can be refused with before anyone asks the pharmacy's system. */
export const TOKEN_FAILURE_CODES = [
  'PRESCRIPTION_TOKEN_INVALID',
  'PRESCRIPTION_ID_INVALID',
  'PRESCRIPTION_CHECK_DIGITS_WRONG',
  'PRESCRIPTION_SENT_TO_PHARMACY',
  'PRESCRIPTION_FLOW_TYPE_UNKNOWN',
  'PRESCRIPTION_ACCESS_CODE_INVALID',
] as const satisfies readonly TokenFailureCode[];

/**
 * One token or why not. A failure's `fields` say which part is wrong (`prescriptionId`,
 * `accessCode`, both when both are), so a form marks the right field.
 */
export type TokenResult = Result<PrescriptionToken, TokenFailureCode>;

/** The fields of a failure, named as the typed form names its inputs. */
export type TokenField = 'prescriptionId' | 'accessCode';

/** A printout's code holds at most three prescriptions (gematik's Data Matrix layout). */
export const MAX_TOKENS_PER_CODE = 3;

// Three urls of ~110 characters fit many times over; anything longer is not a prescription code
// and is not worth parsing.
const MAX_INPUT_LENGTH = 2000;
const TASK_URL = /^\/?Task\/([^/]*)\/\$accept\?ac=(.*)$/;

export function canonicalToken(prescriptionId: string, accessCode: string): string {
  return `Task/${prescriptionId}/$accept?ac=${accessCode}`;
}

/** The PrescriptionID and AccessCode typed into the form's two fields. */
export function parseTypedPrescription(input: { prescriptionId: string; accessCode: string }): TokenResult {
  const id = parsePrescriptionId(input.prescriptionId);
  const code = parseAccessCode(input.accessCode);
  const fields: Partial<Record<TokenField, ErrorCode>> = {};
  if (!id.ok) fields.prescriptionId = id.code;
  if (!code.ok) fields.accessCode = code.code;
  if (!id.ok) return fail(id.code, { fields });
  if (!code.ok) return fail(code.code, { fields });
  return ok({ canonical: canonicalToken(id.value.id, code.value), prescriptionId: id.value.id, flowType: id.value.flowType, insurance: id.value.insurance });
}

/** One `Task/<PrescriptionID>/$accept?ac=<AccessCode>` line; surrounding whitespace is ignored. */
export function parseTaskUrl(input: string): TokenResult {
  const match = TASK_URL.exec(input.trim());
  if (!match) return fail('PRESCRIPTION_TOKEN_INVALID');
  return parseTypedPrescription({ prescriptionId: match[1]!, accessCode: match[2]! });
}

/** One url of a scanned code and what became of it. */
export interface ScannedEntry {
  /** 1-based, as the screen names it ("the second prescription of this code"). */
  position: number;
  result: TokenResult;
  /** A valid token the code (or the customer, twice) already gave: it counts once. */
  duplicate: boolean;
}

export interface ScannedCode {
  /** One entry per url, in the code's order: the screen shows which one failed and why. */
  entries: ScannedEntry[];
  /** The valid tokens, each once, in the order they first appear. */
  tokens: PrescriptionToken[];
}

/**
 * What a scanner read or a customer pasted: the Data Matrix JSON, or a single `Task/…` line. Fails
 * as a whole (PRESCRIPTION_TOKEN_INVALID) only when the text is no prescription code at all: an
 * empty list, more than three urls, or neither JSON nor a Task line. Otherwise each url has its
 * own result, and a code with a broken url still yields its good ones.
 */
export function parsePrescriptionCode(input: string): Result<ScannedCode, 'PRESCRIPTION_TOKEN_INVALID'> {
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_INPUT_LENGTH) return fail('PRESCRIPTION_TOKEN_INVALID');
  if (!text.startsWith('{')) {
    const single = parseTaskUrl(text);
    return !single.ok && single.code === 'PRESCRIPTION_TOKEN_INVALID' ? fail('PRESCRIPTION_TOKEN_INVALID') : ok(collect([single]));
  }
  const urls = urlsOfDataMatrix(text);
  if (!urls) return fail('PRESCRIPTION_TOKEN_INVALID');
  return ok(collect(urls.map((url) => (typeof url === 'string' ? parseTaskUrl(url) : fail('PRESCRIPTION_TOKEN_INVALID')))));
}

function urlsOfDataMatrix(text: string): unknown[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const urls = (parsed as { urls?: unknown } | null)?.urls;
  if (!Array.isArray(urls) || urls.length === 0 || urls.length > MAX_TOKENS_PER_CODE) return null;
  return urls;
}

function collect(results: TokenResult[]): ScannedCode {
  const seen = new Set<string>();
  const tokens: PrescriptionToken[] = [];
  const entries = results.map((result, index) => {
    const duplicate = result.ok && seen.has(result.value.canonical);
    if (result.ok && !duplicate) {
      seen.add(result.value.canonical);
      tokens.push(result.value);
    }
    return { position: index + 1, result, duplicate };
  });
  return { entries, tokens };
}

/** Tokens gathered from several codes or fields, each once (the same token twice is one prescription). */
export function uniqueTokens(tokens: readonly PrescriptionToken[]): PrescriptionToken[] {
  const seen = new Set<string>();
  return tokens.filter((token) => !seen.has(token.canonical) && seen.add(token.canonical));
}
