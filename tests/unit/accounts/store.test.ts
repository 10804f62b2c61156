import { describe, expect, it } from 'vitest';
import { setFlash, takeFlash } from '../../../src/features/accounts/browser/flash';
import { $profile, readCachedProfile, setProfile } from '../../../src/features/accounts/browser/profile-store';
import { PROFILE_KEY } from '../../../src/features/accounts/browser/session';
import type { Profile } from '../../../src/features/accounts/browser/api-types';

function memory() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const profile = { id: 'u1', firstName: 'Erika', email: 'erika@example.de' } as Profile;

describe('profile store', () => {
  it('caches the profile in the store and in storage, and forgets it', () => {
    const storage = memory();
    setProfile(profile, storage);
    expect($profile.get()).toEqual(profile);
    expect(readCachedProfile(storage)).toEqual(profile);
    setProfile(null, storage);
    expect($profile.get()).toBeNull();
    expect(storage.map.has(PROFILE_KEY)).toBe(false);
  });

  it('ignores a damaged cache', () => {
    const storage = memory();
    storage.setItem(PROFILE_KEY, '{not json');
    expect(readCachedProfile(storage)).toBeNull();
    storage.setItem(PROFILE_KEY, '{"firstName":"no id"}');
    expect(readCachedProfile(storage)).toBeNull();
  });
});

describe('flash toast', () => {
  it('is handed over once', () => {
    const storage = memory();
    setFlash({ type: 'success', title: 'Email verified' }, storage);
    expect(takeFlash(storage)).toEqual({ type: 'success', title: 'Email verified' });
    expect(takeFlash(storage)).toBeNull();
  });
});
