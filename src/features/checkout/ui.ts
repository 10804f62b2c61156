// Public surface of the checkout feature for pages: the checkout screen.
export { default as CheckoutPage } from './components/CheckoutPage.astro';
