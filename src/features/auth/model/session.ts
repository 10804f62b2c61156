/**
 * The browser session (spec §3/§4): the token stored after login and the cached profile, both in
 * localStorage. Storage access can throw (privacy mode, disabled storage), so every call degrades to
 * "logged out" instead of breaking the page.
 */
export const TOKEN_KEY = 'apobote.token';
export const PROFILE_KEY = 'apobote.profile';

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

/** Logout: forget the token and the cached profile so the next visitor on this device sees nothing. */
export function clearSession(storage: KeyValueStorage | undefined = browserStorage()): void {
  for (const key of [TOKEN_KEY, PROFILE_KEY]) {
    try {
      storage?.removeItem(key);
    } catch {
      // Storage unavailable: there is nothing stored to clear either.
    }
  }
}

/** Keeps the header menu in step on the current page (the inline boot script does it on load). */
export function markLoggedIn(loggedIn: boolean, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  if (loggedIn) doc.documentElement.dataset.auth = 'in';
  else delete doc.documentElement.dataset.auth;
}
