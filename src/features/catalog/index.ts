// Public surface of the catalog feature: other features and src/app import only from here.
export * from './model/pzn';
export * from './model/base-price';
export * from './model/catalog-schema';
export { registerCatalogRoutes } from './server/routes';
export { SHOP_V1, SHOP_TAG, CATALOG_CACHE_CONTROL, badRequestHook, errorEntries, errorJson, json } from './server/routes-shared';
export {
  loadCatalog,
  clearCatalogCache,
  defaultCatalogDir,
  CatalogValidationError,
  POPULAR_SEARCH_COUNT,
} from './model/load-catalog';
export { productSlug, standaloneProductSlug, productGroupKey, productImageUrl, productImageFile, kebabCase } from './model/product-paths';
export { groupPositions, groupProducts, groupRepresentatives, movedProductSlugs, type ProductGroup } from './model/product-groups';
export { movedProductRedirects, MOVED_PRODUCTS_FILE } from './server/moved-products';
export { productImageSvg, categoryHue } from './model/product-image';
export { importCatalogEntries, isCatalogEmpty, type CatalogEntriesReport } from './server/import-catalog';
// How the cart, orders and coupons read products and categories (never the tables).
export { productsByPzn, activeProduct, categoryNamesBySlug, catalogOutline, readCatalogVersion, prescriptionOnlyProducts, type ProductRow, type CatalogOutline } from './server/product-reads';
// For the search feature, which ranks over the catalogue's tables and answers with its Product shape.
export { products, categories } from './server/schema';
export { ProductDto, toProductDto } from './server/dto';
export { listPopularSearches } from './server/queries';
export * from './model/listing-filters';
// Catalogue pages changed since the build, rendered on demand (scripts/start.ts, src/pages/catalog-live).
export { FreshCatalog, freshCatalog, setFreshCatalog, buildManifest, manifestOf, livePageOf, type LivePage, BUILD_MANIFEST_FILE, LIVE_PAGE_PREFIX, type FreshState } from './server/fresh-catalog';
