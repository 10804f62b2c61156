// The checkout feature owns the checkout screen (page, islands, browser code) and the pure rules of
// a checkout in model/: how a cart line is priced, order totals with fee, coupon share, tip and
// credit, tips, and delivery timing on Berlin calendars. It has no server code and no tables: the
// order API that stores drafts, quotes them (orders/model/quote.ts, pure, with these rules) and
// places them is the orders feature's; what a coupon is and whether it applies is the coupons
// feature's.
export * from './model/public';
