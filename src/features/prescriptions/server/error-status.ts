import type { ErrorCode } from '../../../platform/http/error-codes';

/**
 * The HTTP status of every prescription failure, so each route answers a code alike: input the
 * shop can judge by itself is 422; the pharmacy's prescription system decides the rest (redeemed
 * elsewhere 409, expired 410, unknown 404, not reachable 503, try again later).
 */
export const PRESCRIPTION_ERROR_STATUS = {
  PRESCRIPTION_TOKEN_INVALID: 422,
  PRESCRIPTION_ID_INVALID: 422,
  PRESCRIPTION_CHECK_DIGITS_WRONG: 422,
  PRESCRIPTION_ACCESS_CODE_INVALID: 422,
  PRESCRIPTION_SENT_TO_PHARMACY: 422,
  PRESCRIPTION_FLOW_TYPE_UNKNOWN: 422,
  PRESCRIPTION_PRODUCT_UNAVAILABLE: 422,
  PRESCRIPTION_EXEMPTION_DATE_REQUIRED: 422,
  PRESCRIPTION_EXEMPTION_DATE_PAST: 422,
  // No pharmacy chosen yet: the prescription is retrieved for the cart's pharmacy.
  PHARMACY_REQUIRED: 422,
  // The ordering step's own: a named prescription held by another pharmacy than the order's; a line position that is no prescription line.
  PRESCRIPTION_OTHER_PHARMACY: 422,
  PRESCRIPTION_LINE_NOT_FOUND: 404,
  PRESCRIPTION_NOT_RETURNABLE: 409,
  PRESCRIPTION_NOT_FOUND: 404,
  PRESCRIPTION_ALREADY_REDEEMED: 409,
  PRESCRIPTION_EXPIRED: 410,
  RATE_LIMITED: 429,
  PRESCRIPTION_SERVICE_UNAVAILABLE: 503,
} as const satisfies Partial<Record<ErrorCode, number>>;

export type PrescriptionErrorCode = keyof typeof PRESCRIPTION_ERROR_STATUS;
export type PrescriptionErrorStatus = (typeof PRESCRIPTION_ERROR_STATUS)[PrescriptionErrorCode];

export function prescriptionErrorStatus(code: PrescriptionErrorCode): PrescriptionErrorStatus {
  return PRESCRIPTION_ERROR_STATUS[code];
}
