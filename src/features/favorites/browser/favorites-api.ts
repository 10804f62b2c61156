import { createApiClient, type ApiClient } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { getToken } from '../../auth';

const listCall = (client: ApiClient) => client.GET('/api/v1/user/favorites');

/** A favourite as the list call answers it (openapi-fetch's view of the generated Product schema). */
export type FavoriteProduct = NonNullable<Awaited<ReturnType<typeof listCall>>['data']>['items'][number];

/** A call's result: the data, or the HTTP status and the server's message (already in the page language). */
export type FavoritesOutcome<T> = { ok: true; data: T } | { ok: false; status: number; message: string | null };

/** The typed client with the stored token and the page language (error messages come back in it). */
export function favoritesClient(locale: Locale): ApiClient {
  return createApiClient({ getToken: () => getToken(), locale });
}

function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body as { message: unknown };
  return typeof message === 'string' && message.trim() ? message : null;
}

async function attempt<T, R>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>, pick: (data: T) => R): Promise<FavoritesOutcome<R>> {
  try {
    const { data, error, response } = await call();
    if (response.ok && data !== undefined) return { ok: true, data: pick(data) };
    return { ok: false, status: response.status, message: serverMessage(error) };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

export function listFavorites(client: ApiClient): Promise<FavoritesOutcome<FavoriteProduct[]>> {
  return attempt(() => listCall(client), (data) => data.items);
}

export function addFavorite(client: ApiClient, pzn: string): Promise<FavoritesOutcome<null>> {
  return attempt(() => client.POST('/api/v1/user/favorites', { body: { pzn } }), () => null);
}

/** Removing what is no longer a favourite (404, e.g. removed in another tab) reaches the wanted state too. */
export async function removeFavorite(client: ApiClient, pzn: string): Promise<FavoritesOutcome<null>> {
  const outcome = await attempt(() => client.DELETE('/api/v1/user/favorites/{pzn}', { params: { path: { pzn } } }), () => null);
  return !outcome.ok && outcome.status === 404 ? { ok: true, data: null } : outcome;
}
