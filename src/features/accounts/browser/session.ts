import { browserStorage, TOKEN_KEY, type KeyValueStorage } from '../../../platform/api-client/token';

/**
 * The browser session (spec §3/§4): the token the API client sends (platform/api-client/token) and
 * the profile cached next to it, both in localStorage. Storage errors count as "logged out".
 */
export const PROFILE_KEY = 'apobote.profile';

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
