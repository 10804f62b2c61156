import { apiClient, attempt, mapOutcome, type ApiClient, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';

const listCall = (client: ApiClient) => client.GET('/api/v1/user/favorites');

/** A favourite as the list call answers it (openapi-fetch's view of the generated Product schema). */
export type FavoriteProduct = NonNullable<Awaited<ReturnType<typeof listCall>>['data']>['items'][number];

export async function listFavorites(locale: Locale): Promise<Outcome<FavoriteProduct[]>> {
  return mapOutcome(await attempt(() => listCall(apiClient(locale)), locale), (data) => data.items);
}

export async function addFavorite(locale: Locale, pzn: string): Promise<Outcome<null>> {
  return mapOutcome(await attempt(() => apiClient(locale).POST('/api/v1/user/favorites', { body: { pzn } }), locale), () => null);
}

/** Removing what is no longer a favourite (404, e.g. removed in another tab) reaches the wanted state too. */
export async function removeFavorite(locale: Locale, pzn: string): Promise<Outcome<null>> {
  const outcome = mapOutcome(await attempt(() => apiClient(locale).DELETE('/api/v1/user/favorites/{pzn}', { params: { path: { pzn } } }), locale), () => null);
  return !outcome.ok && outcome.problem.status === 404 ? { ok: true, data: null } : outcome;
}
