// Browser-safe surface of the catalog feature for other features' browser code: the PZN rules and
// the URLs of the prebuilt catalogue pages. No server code, no catalogue data.
export { isValidPzn, normalizePzn, pznCheckDigit } from './model/pzn';
export { SHOP_HOME_PATH, SEARCH_PATH, categoryPath, productPath, searchLandingPath, searchQueryPath } from './model/catalog-paths';
export { productSlug, productGroupKey, productImageUrl } from './model/product-paths';
// The listing filters' rules, shared by the category page's script, the search screen and the listing API.
export * from './model/listing-filters';
// The filters' labels in both languages, for the search screen's filters.
export { listingFilterTexts } from './i18n/listing-filter-messages';
