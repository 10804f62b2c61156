// The prescriptions feature owns E-Rezept redemption: reading the tokens customers bring, the
// co-payment rules (model/, browser-safe, also in client.ts) and the HTTP statuses of its
// failures; storing redeemed prescriptions and the customer API (/v1/user/prescriptions). The
// pharmacy's prescription system (the TI through the pharmacy's own systems) is the seam in
// platform/prescriptions; tokens are stored only through its token vault.
export * from './model/public';
export { PRESCRIPTION_ERROR_STATUS, prescriptionErrorStatus, type PrescriptionErrorCode, type PrescriptionErrorStatus } from './server/error-status';
export { registerPrescriptionRoutes, REDEEM_RATE_RULES, type PrescriptionRouteOptions } from './server/routes';
export { PRESCRIPTION_STATUSES, type PrescriptionStatus } from './server/schema';
export type { PrescriptionView, PrescriptionItemView, ExemptionView } from './server/view';
export { exemptionView } from './server/view';
export type { PrescriptionDeps } from './server/deps';
// For the ordering step, inside its own transaction (load the vault with prescriptionTokenVault(db)
// from platform/prescriptions before it starts; the system is the one src/app/api.ts chose):
// - prescriptionsForOrder(tx, userId, ids, now): the customer's redeemed prescriptions as order
//   lines need them (catalogue price, co-payment per pack and per line, exemption applied), rows locked;
// - markInOrder(tx, ids, orderId, now) / releaseFromOrder(tx, ids, orderId, now): into an order and
//   back to `redeemed` when the order will not be dispensed;
// - markDispensed(tx, deps, id, dispensed, now): reports to the system (idempotent per
//   prescription), then `dispensed` with the token erased;
// - markReturned(tx, deps, id, now, { allowInOrder }): gives it back to the system, `returned`, token erased;
// - eraseToken(tx, id, status, now), expireDue(db, today, now, userId?) and retryPendingReturns for the sweep.
export { prescriptionsForOrder, markInOrder, releaseFromOrder, markDispensed, markReturned, retryPendingReturns, type PrescriptionLifecycleFailure } from './server/lifecycle';
export { eraseToken, expireDue } from './server/repo';
// Reads for the ordering step: what a draft can take, and an order's prescriptions for its pharmacy.
export { ownPrescriptionIds, redeemedPrescriptionsOf, prescriptionsOfOrder } from './server/for-orders';
export { startPrescriptionSweep } from './server/sweep';
