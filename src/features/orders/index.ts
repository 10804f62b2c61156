// The orders feature owns an order from draft to archive: the order API (a draft with its live
// quote is the checkout's server side, placement, the customer's reads and withdrawal), the
// lifecycle state machine and every status change through it, the pharmacy staff API, order
// e-mails, the sweeps that expire, close and archive, and the order pages and islands. Its tables
// are its own; it reads customers, pharmacies, products, coupons and credit only through their
// features' functions.
export * from './model/public';
// Server side: order API registration, the expiry sweep `npm start` runs, and configuration.
export { registerOrderRoutes } from './server/routes';
// The outbox worker's processing of stored payment webhooks (decision 0012).
export { paymentWebhookTransport, PAYMENT_WEBHOOK_KIND } from './server/routes-webhook';
export { startOrderExpirySweep, expireDueOrders, closeFinishedOrders } from './server/sweep';
export { resolveOrdersDeps, type OrdersDeps, type OrdersDepsOverrides, type OrdersContext } from './server/deps';
export { orderSettingsFromEnv, PENDING_ORDER_TTL_MINUTES, ORDER_CLOSE_AFTER_DAYS, ORDER_ARCHIVE_AFTER_DAYS, ORDER_SWEEP_INTERVAL_MS, type OrderSettings } from './server/settings';
export { orderTopicAccess, pharmacyTopicAccess } from './server/realtime';
// For delivery (the courier's handover, "delivered" and "nobody home" are order steps): one step
// through the state machine with the delivery's own writes in the same transaction, and the reads.
export { applyOrderEvent, type EventRequest as OrderEventRequest, type Actor as OrderActor } from './server/lifecycle';
export { findOrder, statusOf, type OrderRow, type OrderScope } from './server/repo';
export { refuse as refuseOrder, type OrderResult, type OrderFailure } from './server/failures';
export { staffPharmacy, getForPharmacy } from './server/read-service';
export { PharmacyOrderDto, OrderIdParam } from './server/dto';
export { orderCounts } from './server/repo';
// For the back office's "today at a glance": what a pharmacy's (or every pharmacy's) day held.
export { orderDayFacts, type OrderDayFacts } from './server/day-facts';
