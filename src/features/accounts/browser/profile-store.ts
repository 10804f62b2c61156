import { atom } from 'nanostores';
import type { Profile } from './api-types';
import { browserStorage, type KeyValueStorage } from '../../../platform/api-client/token';
import { PROFILE_KEY } from './session';

/**
 * The profile cached after loading (spec §4), shared by every island of the page and kept in
 * localStorage (`apobote.profile`) so the next page can show it before GET /user answers.
 */
export function readCachedProfile(storage: KeyValueStorage | undefined = browserStorage()): Profile | null {
  try {
    const raw = storage?.getItem(PROFILE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Profile> | null;
    return value && typeof value.id === 'string' ? (value as Profile) : null;
  } catch {
    return null;
  }
}

// Annotated pure so that importing the accounts client door for the guard alone ships no store.
export const $profile = /* @__PURE__ */ atom<Profile | null>(/* @__PURE__ */ readCachedProfile());

export function setProfile(profile: Profile | null, storage: KeyValueStorage | undefined = browserStorage()): void {
  $profile.set(profile);
  try {
    if (profile) storage?.setItem(PROFILE_KEY, JSON.stringify(profile));
    else storage?.removeItem(PROFILE_KEY);
  } catch {
    // The store still holds it for this page.
  }
}
