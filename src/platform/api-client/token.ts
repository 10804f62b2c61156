/**
 * The bearer token the API client sends (spec §3/§4): kept in localStorage after login and read on
 * every request. Storage access can throw (privacy mode, disabled storage), so every call degrades
 * to "no token" instead of breaking the page. Logging in and out, and the cached profile, belong
 * to the accounts feature; this module stays tiny because catalogue pages' scripts read it too.
 */
export const TOKEN_KEY = 'apobote.token';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function getToken(storage: KeyValueStorage | undefined = browserStorage()): string | null {
  try {
    const token = storage?.getItem(TOKEN_KEY);
    return token ? token : null;
  } catch {
    return null;
  }
}

export function isLoggedIn(storage?: KeyValueStorage): boolean {
  return getToken(storage) !== null;
}

export function saveToken(token: string, storage: KeyValueStorage | undefined = browserStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(TOKEN_KEY, token);
    return true;
  } catch {
    return false;
  }
}
