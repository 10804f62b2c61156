// Public surface of the wallet feature for pages: the credit page body (both languages).
export { default as CreditPage } from './components/CreditPage.astro';
