import { atom } from 'nanostores';
import type { Profile } from './api';
import { browserStorage, PROFILE_KEY, type KeyValueStorage } from './session';

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

export const $profile = atom<Profile | null>(readCachedProfile());

export function setProfile(profile: Profile | null, storage: KeyValueStorage | undefined = browserStorage()): void {
  $profile.set(profile);
  try {
    if (profile) storage?.setItem(PROFILE_KEY, JSON.stringify(profile));
    else storage?.removeItem(PROFILE_KEY);
  } catch {
    // The store still holds it for this page.
  }
}
