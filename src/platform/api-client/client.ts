import { createFetchClient } from './fetch-client';
import type { Locale } from '../i18n/locales';
import type { paths } from './schema';
import { getToken } from './token';

export type ApiPaths = paths;

export interface ApiClientOptions {
  /** Where the token comes from; called per request. Public calls leave it out. */
  getToken?: () => string | null;
  /** The page's language, sent so error messages come back in it. */
  locale?: Locale;
  baseUrl?: string;
}

/**
 * The typed API client: paths, parameters and answers are checked against the generated OpenAPI
 * types, and every request carries the token (if any) and the page language.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  return createFetchClient<paths>({
    baseUrl: options.baseUrl ?? '',
    headers: () => {
      const token = options.getToken?.();
      return { Authorization: token ? `Bearer ${token}` : undefined, 'X-Locale': options.locale };
    },
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The one client of islands and page scripts: the stored token and the page language on every
 * request. Only public catalogue calls (search, availability) use createApiClient without a token.
 */
export function apiClient(locale: Locale): ApiClient {
  return createApiClient({ getToken: () => getToken(), locale });
}
