// The seam to the pharmacy's prescription system (the TI through the pharmacy's Konnektor and
// primary system): the PrescriptionSystem interface, the built-in stand-in with its test tokens,
// the HTTP adapter and the choice between them; and the vault that keeps tokens sealed at rest.
export type {
  PrescriptionSystem,
  PrescriptionTokenRef,
  PrescriptionRequestContext,
  PrescriptionInsurance,
  PrescribedMedicine,
  RetrievedPrescription,
  RetrieveFailureCode,
  ReportFailureCode,
  DispensedReport,
} from './types';
export { TEST_PRESCRIPTION_TOKENS, testTokenLine, type TestPrescriptionTokenName } from './test-tokens';
export { prescriptionStandIn, standInLatencyMs, type StandInProduct, type PrescriptionStandInOptions } from './stand-in';
export {
  httpPrescriptionSystem,
  PRESCRIPTION_SERVICE_TIMEOUT_MS,
  PRESCRIPTION_SERVICE_ATTEMPTS,
  PRESCRIPTION_SERVICE_BACKOFF_MS,
  type HttpPrescriptionSystemOptions,
  type FetchLike,
} from './http-adapter';
export { prescriptionSystemFromEnv, PrescriptionConfigError, type PrescriptionSystemDeps } from './select';
export { tokenVault, TokenVaultError, TOKEN_KEY_BYTES, type TokenVault } from './token-vault';
export { prescriptionTokenKey, prescriptionTokenVault, tokenKeyFromEnv, TokenKeyConfigError } from './token-key';
