/**
 * Unlocalized paths of the prebuilt catalogue pages (pass them through localizePath for German).
 * Trailing slashes everywhere: the build writes directories (build.format 'directory'), so this is
 * the form the server answers without a redirect and the one canonical links use.
 */
export const SHOP_HOME_PATH = '/shop/';
/** The live search page (built by the search feature); the landing pages' form submits to it. */
export const SEARCH_PATH = '/shop/search/';

export const categoryPath = (categorySlug: string): string => `/shop/category/${categorySlug}/`;
export const productPath = (productSlug: string): string => `/shop/product/${productSlug}/`;
export const searchLandingPath = (searchSlug: string): string => `/shop/search/${searchSlug}/`;
export const searchQueryPath = (term: string): string => `${SEARCH_PATH}?q=${encodeURIComponent(term)}`;
