// Public surface of the cart feature for pages: Astro components (kept apart from index.ts because
// Node scripts cannot load .astro files, and from client.ts so islands never bundle them).
export { default as CartButton } from './components/CartButton.astro';
export { default as HeaderCartButton } from './components/HeaderCartButton.astro';
export { default as CartPage } from './components/CartPage.astro';
