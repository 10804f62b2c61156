// The prescriptions feature owns E-Rezept redemption: reading the tokens customers bring, the
// co-payment rules (model/, browser-safe, also in client.ts) and the HTTP statuses of its
// failures. The pharmacy's prescription system (the TI through the pharmacy's own systems) is the
// seam in platform/prescriptions; tokens are stored only through its token vault.
export * from './model/public';
export { PRESCRIPTION_ERROR_STATUS, prescriptionErrorStatus, type PrescriptionErrorCode, type PrescriptionErrorStatus } from './server/error-status';
