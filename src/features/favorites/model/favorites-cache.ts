import { isRecord, readJson, remove, writeJson, type KeyValueStorage } from './tab-storage';

/**
 * The customer's favourite PZNs, cached in this tab so moving between catalogue pages does not ask
 * the server every time. Tied to the login it was fetched with (a hash of the token, never the
 * token) and short-lived, so a change made on another device shows up after a few minutes.
 */
export const FAVORITES_CACHE_KEY = 'apobote.favorites';
export const FAVORITES_CACHE_TTL_MS = 5 * 60_000;

interface CacheEntry {
  owner: string;
  savedAt: number;
  pzns: string[];
}

function isEntry(value: unknown): value is CacheEntry {
  return (
    isRecord(value) &&
    typeof value.owner === 'string' &&
    typeof value.savedAt === 'number' &&
    Array.isArray(value.pzns) &&
    value.pzns.every((pzn) => typeof pzn === 'string')
  );
}

/** FNV-1a of the token: tells logins apart without storing a credential a second time. */
export function cacheOwner(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function freshEntry(storage: KeyValueStorage | undefined, owner: string, now: number): CacheEntry | null {
  const entry = readJson(storage, FAVORITES_CACHE_KEY);
  if (!isEntry(entry) || entry.owner !== owner) return null;
  const age = now - entry.savedAt;
  return age >= 0 && age < FAVORITES_CACHE_TTL_MS ? entry : null;
}

/** The cached favourites of this login, or null when there are none fresh enough to trust. */
export function readFavoritesCache(storage: KeyValueStorage | undefined, owner: string, now: number): Set<string> | null {
  const entry = freshEntry(storage, owner, now);
  return entry ? new Set(entry.pzns) : null;
}

export function writeFavoritesCache(storage: KeyValueStorage | undefined, owner: string, pzns: Iterable<string>, now: number): void {
  writeJson(storage, FAVORITES_CACHE_KEY, { owner, savedAt: now, pzns: [...new Set(pzns)] } satisfies CacheEntry);
}

/**
 * Applies one change the customer made to a fresh cache (keeping its age: only the server's list
 * restarts the clock). Without a fresh cache there is nothing to keep in step.
 */
export function updateFavoritesCache(storage: KeyValueStorage | undefined, owner: string, pzn: string, favorite: boolean, now: number): void {
  const entry = freshEntry(storage, owner, now);
  if (!entry) return;
  const pzns = new Set(entry.pzns);
  if (favorite) pzns.add(pzn);
  else pzns.delete(pzn);
  writeJson(storage, FAVORITES_CACHE_KEY, { ...entry, pzns: [...pzns] } satisfies CacheEntry);
}

/** After logout nothing about the last customer's favourites stays in the tab. */
export function clearFavoritesCache(storage: KeyValueStorage | undefined): void {
  remove(storage, FAVORITES_CACHE_KEY);
}
