// Public surface of the search feature for pages (src/pages). Kept apart from index.ts because
// Node scripts cannot load .astro files.
export { default as SearchPage } from './components/SearchPage.astro';
