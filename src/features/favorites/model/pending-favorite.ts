import { isRecord, readJson, remove, writeJson, type KeyValueStorage } from './tab-storage';

/**
 * A browse-only visitor who taps the heart is sent to login first (spec §4); the product waits in
 * this tab's storage and is added once when the visitor comes back logged in. Old intents are
 * dropped: a favourite added half an hour after an abandoned login would surprise.
 */
export const PENDING_FAVORITE_KEY = 'apobote.favorite-pending';
export const PENDING_FAVORITE_TTL_MS = 30 * 60_000;

export interface FavoriteIntent {
  pzn: string;
  /** For the confirmation toast. */
  name: string;
}

export function rememberPendingFavorite(storage: KeyValueStorage | undefined, intent: FavoriteIntent, now: number): void {
  writeJson(storage, PENDING_FAVORITE_KEY, { pzn: intent.pzn, name: intent.name, at: now });
}

/** The waiting favourite, at most once: it is forgotten as soon as it is read. */
export function takePendingFavorite(storage: KeyValueStorage | undefined, now: number): FavoriteIntent | null {
  const value = readJson(storage, PENDING_FAVORITE_KEY);
  remove(storage, PENDING_FAVORITE_KEY);
  if (!isRecord(value) || typeof value.pzn !== 'string' || !/^\d{8}$/.test(value.pzn) || typeof value.at !== 'number') return null;
  const age = now - value.at;
  if (age < 0 || age > PENDING_FAVORITE_TTL_MS) return null;
  return { pzn: value.pzn, name: typeof value.name === 'string' ? value.name : '' };
}
