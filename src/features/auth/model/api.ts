import { createApiClient, type ApiClient } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import type { Locale } from '../../../platform/i18n/locales';
import { getToken } from './session';

/** The account calls' shapes, straight from the generated OpenAPI types (never written by hand). */
export type Profile = components['schemas']['Profile'];
export type AuthResult = components['schemas']['AuthResult'];
export type SocialProviderInfo = components['schemas']['SocialProviders']['providers'][number];

/** The typed API client for account islands: sends the stored token and the page language. */
export function authApi(locale: Locale): ApiClient {
  return createApiClient({ getToken: () => getToken(), locale });
}
