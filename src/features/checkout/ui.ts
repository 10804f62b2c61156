// Public surface of the checkout feature for pages: the checkout screen (kept apart from index.ts
// because Node scripts cannot load .astro files, and from client.ts so islands never bundle it).
export { default as CheckoutPage } from './components/CheckoutPage.astro';
