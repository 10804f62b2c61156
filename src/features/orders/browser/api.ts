import { createApiClient, type ApiClient } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import type { Locale } from '../../../platform/i18n/locales';
import { getToken } from '../../auth';

export { attempt, toProblem, type Outcome, type Problem } from '../../../platform/api-client/outcome';
export { handleUnauthorized } from '../../auth/client';

/** The order calls' shapes, straight from the generated OpenAPI types. */
export type Order = components['schemas']['Order'];
export type OrderSummary = components['schemas']['OrderSummary'];
export type OrderStatusInfo = components['schemas']['OrderStatus'];
export type PharmacyOrder = components['schemas']['PharmacyOrder'];

export const ordersApi = (locale: Locale): ApiClient => createApiClient({ getToken: () => getToken(), locale });
