// Public surface of the auth feature for pages: page components (kept apart from index.ts because
// Node scripts cannot load .astro files).
export { default as AuthScreenPage } from './components/AuthScreenPage.astro';
export { default as LogoutPage } from './components/LogoutPage.astro';
