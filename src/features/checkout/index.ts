// Public surface of the checkout feature: the pure pricing, coupon, delivery-timing and referral
// rules the API applies when an order is placed (server code joins here in the next step).
export * from './model/public';
