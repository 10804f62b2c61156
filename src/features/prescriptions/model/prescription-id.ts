import { fail, ok, type Result } from '../../../platform/http/result';
import { hasValidCheckDigits } from './check-digits';

/**
 * The PrescriptionID `aaa.bbb.bbb.bbb.bbb.cc` (gematik): a three-digit flow type, twelve digits in
 * groups of three, two check digits (ISO 7064 MOD 97-10 over the fifteen before them).
 */

export type InsuranceKind = 'statutory' | 'private';

/** The flow types a customer may bring to the shop, and whose bill each is. */
export const REDEEMABLE_FLOW_TYPES = { '160': 'statutory', '200': 'private' } as const satisfies Record<string, InsuranceKind>;
export type RedeemableFlowType = keyof typeof REDEEMABLE_FLOW_TYPES;

/**
 * Flow types of a direct assignment (Direktzuweisung): the prescriber sends the prescription
 * straight to a pharmacy, e.g. for preparations a pharmacy makes up for a cancer therapy. The
 * patient's copy is for information only: it is already on its way to the pharmacy the doctor chose.
 */
export const DIRECT_TO_PHARMACY_FLOW_TYPES: readonly string[] = ['169', '209'];

export type PrescriptionIdFailureCode =
  | 'PRESCRIPTION_ID_INVALID'
  | 'PRESCRIPTION_CHECK_DIGITS_WRONG'
  | 'PRESCRIPTION_SENT_TO_PHARMACY'
  | 'PRESCRIPTION_FLOW_TYPE_UNKNOWN';

export interface PrescriptionId {
  /** The display form with dots, `160.123.456.789.123.58`, as printed and as the TI spells it. */
  id: string;
  flowType: RedeemableFlowType;
  insurance: InsuranceKind;
}

// What people type between the groups: dots as printed, spaces, or nothing.
const SEPARATORS = /[\s.]/g;

/** The seventeen digits in their printed groups, `160.123.456.789.123.58`. */
export function formatPrescriptionId(digits17: string): string {
  return digits17.replace(/^(\d{3})(\d{3})(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3.$4.$5.$6');
}

/**
 * A PrescriptionID as printed or typed, with or without dots and spaces. The check digits are
 * checked before the flow type: a mistyped digit in the flow type would otherwise read as "sent to
 * a pharmacy" or "unknown" when the customer only has to correct a typo.
 */
export function parsePrescriptionId(input: string): Result<PrescriptionId, PrescriptionIdFailureCode> {
  const digits = input.replace(SEPARATORS, '');
  if (!/^\d{17}$/.test(digits)) return fail('PRESCRIPTION_ID_INVALID');
  if (!hasValidCheckDigits(digits)) return fail('PRESCRIPTION_CHECK_DIGITS_WRONG');
  const flowType = digits.slice(0, 3);
  if (DIRECT_TO_PHARMACY_FLOW_TYPES.includes(flowType)) return fail('PRESCRIPTION_SENT_TO_PHARMACY');
  if (!Object.hasOwn(REDEEMABLE_FLOW_TYPES, flowType)) return fail('PRESCRIPTION_FLOW_TYPE_UNKNOWN');
  const redeemable = flowType as RedeemableFlowType;
  return ok({ id: formatPrescriptionId(digits), flowType: redeemable, insurance: REDEEMABLE_FLOW_TYPES[redeemable] });
}

/** The AccessCode: 64 hexadecimal characters, kept in lower case; spaces typed between blocks are dropped. */
export function parseAccessCode(input: string): Result<string, 'PRESCRIPTION_ACCESS_CODE_INVALID'> {
  const code = input.replace(/\s/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(code) ? ok(code) : fail('PRESCRIPTION_ACCESS_CODE_INVALID');
}
