// Public surface of the coupons feature for pages: Astro components.
// The shell's "new coupons" count (account menu, bottom navigation).
export { default as UnseenCouponsBadge } from './components/UnseenCouponsBadge.astro';
// The /shop/coupons and /shop/refer-friend page bodies (both languages).
export { default as CouponsPage } from './components/CouponsPage.astro';
export { default as ReferFriendPage } from './components/ReferFriendPage.astro';
