// The prescriptions feature's pure core: reading the tokens customers bring (Data Matrix JSON, a
// Task line, typed fields), the PrescriptionID's check digits and flow types, and the co-payment
// rules. Browser-safe; both doors re-export it.
export { prescriptionCheckDigits, hasValidCheckDigits } from './check-digits';
export {
  REDEEMABLE_FLOW_TYPES,
  DIRECT_TO_PHARMACY_FLOW_TYPES,
  formatPrescriptionId,
  parsePrescriptionId,
  parseAccessCode,
  type InsuranceKind,
  type RedeemableFlowType,
  type PrescriptionId,
  type PrescriptionIdFailureCode,
} from './prescription-id';
export {
  TOKEN_FAILURE_CODES,
  MAX_TOKENS_PER_CODE,
  canonicalToken,
  parseTypedPrescription,
  parseTaskUrl,
  parsePrescriptionCode,
  uniqueTokens,
  type PrescriptionToken,
  type TokenFailureCode,
  type TokenResult,
  type TokenField,
  type ScannedEntry,
  type ScannedCode,
} from './token';
export {
  CO_PAYMENT_PERCENT,
  CO_PAYMENT_MIN_CENTS,
  CO_PAYMENT_MAX_CENTS,
  coPaymentPerPackCents,
  coPaymentForLineCents,
  type CoPaymentBasis,
} from './co-payment';
export { NO_PARCEL_ACTIVE_INGREDIENTS, parcelAllowed, type ParcelBasis } from './parcel';
export { isExemptOn, type CoPaymentExemption } from './exemption';
