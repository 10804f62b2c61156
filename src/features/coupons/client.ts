// Browser-safe surface of the coupons feature for islands: the coupon rules and texts the server
// applies, so the checkout normalizes and explains a code exactly as the order will. No server code.
export * from './model/public';
