import { createApiClient, type ApiClient } from '../../../../platform/api-client';
import type { Locale } from '../../../../platform/i18n/locales';
import { getToken } from '../../../auth';

export { attempt, type Outcome as ApiOutcome, type Problem as ApiProblem } from '../../../../platform/api-client/outcome';

/** The typed client with the stored token (if any) and the page language. */
export function shopApi(locale: Locale): ApiClient {
  return createApiClient({ getToken: () => getToken(), locale });
}
