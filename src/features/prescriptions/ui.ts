// Public surface of the prescriptions feature for pages (src/pages): the redeem page.
export { default as RedeemPage } from './components/RedeemPage.astro';
