// The "My Account" overview: links to every account area (orders, addresses, coupons, credit,
// refer a friend, favorites, settings) and the saved cards. It reads the other features only
// through the API, so it sits above all of them and nothing depends on it.
export { default as AccountOverviewPage } from './components/AccountOverviewPage.astro';
