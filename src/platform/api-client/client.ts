import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type ApiPaths = paths;

export interface ApiClientOptions {
  /** Where the token comes from (the auth feature's session); called per request. */
  getToken?: () => string | null;
  /** The page's language, sent so error messages come back in it. */
  locale?: 'en' | 'de';
  baseUrl?: string;
}

/**
 * The typed API client for islands: paths, parameters and answers are checked against the
 * generated OpenAPI types, and every request carries the token and the page language.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const client = createClient<paths>({ baseUrl: options.baseUrl ?? '' });
  const context: Middleware = {
    onRequest({ request }) {
      const token = options.getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (options.locale) request.headers.set('X-Locale', options.locale);
      return request;
    },
  };
  client.use(context);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
