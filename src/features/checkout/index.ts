// Public surface of the checkout feature: the pure pricing, coupon, delivery-timing and referral
// rules the API applies when an order is placed and the islands show before it is. Browser-safe,
// so it is the one door for both (a client.ts would only repeat it).
export * from './model/public';
