import { describe, expect, it } from 'vitest';
import {
  cacheOwner,
  clearFavoritesCache,
  FAVORITES_CACHE_KEY,
  FAVORITES_CACHE_TTL_MS,
  readFavoritesCache,
  updateFavoritesCache,
  writeFavoritesCache,
} from '../../../src/features/favorites/model/favorites-cache';
import { memoryStorage } from './memory-storage';

const T0 = 1_800_000_000_000;

describe('favorites cache', () => {
  it('gives back what was stored for the same login while fresh', () => {
    const storage = memoryStorage();
    const owner = cacheOwner('token-a');
    writeFavoritesCache(storage, owner, ['04773414', '10019621', '04773414'], T0);
    expect(readFavoritesCache(storage, owner, T0 + 1000)).toEqual(new Set(['04773414', '10019621']));
  });

  it('expires, so changes made on another device show up', () => {
    const storage = memoryStorage();
    const owner = cacheOwner('token-a');
    writeFavoritesCache(storage, owner, ['04773414'], T0);
    expect(readFavoritesCache(storage, owner, T0 + FAVORITES_CACHE_TTL_MS)).toBeNull();
    expect(readFavoritesCache(storage, owner, T0 - 1)).toBeNull();
  });

  it('never shows one login the favourites of another, and never stores the token', () => {
    const storage = memoryStorage();
    writeFavoritesCache(storage, cacheOwner('token-a'), ['04773414'], T0);
    expect(readFavoritesCache(storage, cacheOwner('token-b'), T0)).toBeNull();
    expect(storage.data.get(FAVORITES_CACHE_KEY)).not.toContain('token-a');
    expect(cacheOwner('token-a')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('follows a toggle without restarting its clock', () => {
    const storage = memoryStorage();
    const owner = cacheOwner('token-a');
    writeFavoritesCache(storage, owner, ['04773414'], T0);
    updateFavoritesCache(storage, owner, '10019621', true, T0 + 10);
    updateFavoritesCache(storage, owner, '04773414', false, T0 + 20);
    expect(readFavoritesCache(storage, owner, T0 + 30)).toEqual(new Set(['10019621']));
    expect(readFavoritesCache(storage, owner, T0 + FAVORITES_CACHE_TTL_MS)).toBeNull();
  });

  it('does not invent a list from one toggle when nothing fresh was cached', () => {
    const storage = memoryStorage();
    const owner = cacheOwner('token-a');
    updateFavoritesCache(storage, owner, '10019621', true, T0);
    expect(readFavoritesCache(storage, owner, T0)).toBeNull();
  });

  it('treats garbage and unavailable storage as "not cached", and can be cleared', () => {
    const storage = memoryStorage();
    const owner = cacheOwner('token-a');
    storage.setItem(FAVORITES_CACHE_KEY, '{not json');
    expect(readFavoritesCache(storage, owner, T0)).toBeNull();
    storage.setItem(FAVORITES_CACHE_KEY, JSON.stringify({ owner, savedAt: T0, pzns: [1, 2] }));
    expect(readFavoritesCache(storage, owner, T0)).toBeNull();
    expect(readFavoritesCache(undefined, owner, T0)).toBeNull();
    writeFavoritesCache(storage, owner, ['04773414'], T0);
    clearFavoritesCache(storage);
    expect(storage.data.has(FAVORITES_CACHE_KEY)).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('denied'); } };
    expect(() => writeFavoritesCache(broken, 'o', ['04773414'], T0)).not.toThrow();
    expect(readFavoritesCache(broken, 'o', T0)).toBeNull();
    expect(() => clearFavoritesCache(broken)).not.toThrow();
  });
});
