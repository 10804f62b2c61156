// Browser-safe surface of the orders feature for other features' islands (delivery's tracking
// screen): the pure model (stages, labels) and the order's shape from the API. No server code.
export * from './model/public';
export type { Order } from './browser/api-types';
export { formatDateTime, formatTime } from './browser/format';
