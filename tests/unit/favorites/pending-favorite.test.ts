import { describe, expect, it } from 'vitest';
import {
  PENDING_FAVORITE_KEY,
  PENDING_FAVORITE_TTL_MS,
  rememberPendingFavorite,
  takePendingFavorite,
} from '../../../src/features/favorites/model/pending-favorite';
import { memoryStorage } from './memory-storage';

const T0 = 1_800_000_000_000;
const intent = { pzn: '04773414', name: 'Ibuprofen 400' };

describe('pending favourite (browse-only visitor sent to login)', () => {
  it('is handed back once after login, then forgotten', () => {
    const storage = memoryStorage();
    rememberPendingFavorite(storage, intent, T0);
    expect(takePendingFavorite(storage, T0 + 60_000)).toEqual(intent);
    expect(takePendingFavorite(storage, T0 + 60_001)).toBeNull();
  });

  it('keeps only the last product tapped', () => {
    const storage = memoryStorage();
    rememberPendingFavorite(storage, intent, T0);
    rememberPendingFavorite(storage, { pzn: '10019621', name: 'Other' }, T0 + 1);
    expect(takePendingFavorite(storage, T0 + 2)?.pzn).toBe('10019621');
  });

  it('is dropped when too old (an abandoned login must not add it much later)', () => {
    const storage = memoryStorage();
    rememberPendingFavorite(storage, intent, T0);
    expect(takePendingFavorite(storage, T0 + PENDING_FAVORITE_TTL_MS + 1)).toBeNull();
    expect(storage.data.has(PENDING_FAVORITE_KEY)).toBe(false);
  });

  it('ignores tampered values', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_FAVORITE_KEY, JSON.stringify({ pzn: '../../x', name: 'x', at: T0 }));
    expect(takePendingFavorite(storage, T0)).toBeNull();
    storage.setItem(PENDING_FAVORITE_KEY, 'null');
    expect(takePendingFavorite(storage, T0)).toBeNull();
    expect(takePendingFavorite(undefined, T0)).toBeNull();
  });
});
