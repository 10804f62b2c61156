import { localizePath, type Locale } from '../../../platform/i18n/locales';

/**
 * Unlocalized paths the search screen links to. The catalogue owns these URL shapes; they are
 * repeated here (not imported) because the island runs in the browser and must not pull the
 * catalogue's server modules into its bundle.
 */
export const SEARCH_PATH = '/shop/search/';
export const productHref = (slug: string, locale: Locale): string => localizePath(`/shop/product/${slug}/`, locale);
export const landingHref = (searchSlug: string, locale: Locale): string => localizePath(`/shop/search/${searchSlug}/`, locale);
