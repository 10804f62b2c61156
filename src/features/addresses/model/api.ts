import { createApiClient, type ApiClient } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import type { Locale } from '../../../platform/i18n/locales';
import { getToken } from '../../auth';

export { attempt, toProblem, type Outcome, type Problem } from '../../../platform/api-client/outcome';
export { handleUnauthorized } from '../../auth/client';

export type Address = components['schemas']['Address'];
export type AddressList = components['schemas']['AddressList'];

export function addressApi(locale: Locale): ApiClient {
  return createApiClient({ getToken: () => getToken(), locale });
}
