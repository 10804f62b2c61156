// Public surface of the orders feature: the lifecycle state machine and how statuses are shown
// (order routes and repositories join here in the next step).
export * from './model/public';
// Server side: order API registration, the expiry sweep `npm start` runs, and configuration.
export { registerOrderRoutes } from './server/routes';
export { startOrderExpirySweep, expireDueOrders } from './server/sweep';
export { resolveOrdersDeps, type OrdersDeps, type OrdersDepsOverrides, type OrdersContext } from './server/deps';
export { orderSettingsFromEnv, PENDING_ORDER_TTL_MINUTES, ORDER_SWEEP_INTERVAL_MS, type OrderSettings } from './server/settings';
export { orderTopicAccess, pharmacyTopicAccess } from './server/realtime';
