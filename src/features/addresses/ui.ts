// Public surface of the addresses feature for pages: the address screen (kept apart from index.ts
// because Node scripts cannot load .astro files).
export { default as AddressesPage } from './components/AddressesPage.astro';
