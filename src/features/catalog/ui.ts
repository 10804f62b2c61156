// Public surface of the catalog feature for pages (src/pages): the prebuilt catalogue page components
// and their getStaticPaths. Kept apart from index.ts because Node scripts cannot load .astro files.
export { default as HomePage } from './components/pages/HomePage.astro';
export { default as CategoryPage } from './components/pages/CategoryPage.astro';
export { default as ProductPage } from './components/pages/ProductPage.astro';
export { default as SearchLandingPage } from './components/pages/SearchLandingPage.astro';
export type { ProductWidgets } from './model/product-widgets';
export {
  categoryStaticPaths,
  productStaticPaths,
  movedProductPages,
  searchLandingStaticPaths,
  type CategoryPageProps,
  type ProductPageProps,
  type SearchLandingProps,
} from './model/catalog-pages';
export type { CatalogIndex } from './model/catalog-index';
