// Public surface of the search feature: src/app registers the route, scripts and pages search directly.
export { registerSearchRoutes, SEARCH_CACHE_CONTROL } from './server/routes';
export { searchProducts, type SearchRequest, type SearchResult } from './server/queries';
export * from './model/query';
