// Browser-safe surface of the orders feature for other features' islands (delivery's tracking
// screen and the order page's screen): the pure model (stages, labels), the order's shape and its
// shared read from the API, and the order page's islands. No server code.
export * from './model/public';
export type { Order } from './browser/api-types';
export { fetchOrder } from './browser/order-fetch';
export { default as OrderView } from './islands/OrderView';
export { default as OrderDetails } from './islands/OrderDetails';
export type { OrderViewText } from './islands/order-view-text';
export { orderViewText } from './i18n/order-view-text';
