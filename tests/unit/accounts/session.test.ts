import { describe, expect, it } from 'vitest';
import { clearSession, PROFILE_KEY } from '../../../src/features/accounts/browser/session';
import { getToken, isLoggedIn, saveToken, TOKEN_KEY } from '../../../src/platform/api-client/token';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('session', () => {
  it('stores, reads and clears the token and profile', () => {
    const storage = memoryStorage();
    expect(isLoggedIn(storage)).toBe(false);
    expect(saveToken('t0k', storage)).toBe(true);
    storage.setItem(PROFILE_KEY, '{"id":1}');
    expect(getToken(storage)).toBe('t0k');
    expect(storage.map.get(TOKEN_KEY)).toBe('t0k');
    clearSession(storage);
    expect(isLoggedIn(storage)).toBe(false);
    expect(storage.map.size).toBe(0);
  });

  it('treats throwing storage as logged out', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(getToken(broken)).toBeNull();
    expect(saveToken('x', broken)).toBe(false);
    expect(() => clearSession(broken)).not.toThrow();
  });
});
