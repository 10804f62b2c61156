// Browser-safe surface of the checkout feature for islands: the same pure rules the server applies,
// so the summary the customer sees is computed exactly as the order will be. No server code.
export * from './model/public';
