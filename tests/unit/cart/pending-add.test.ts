import { describe, expect, it } from 'vitest';
import {
  mayResumeOn,
  PENDING_ADD_KEY,
  PENDING_ADD_TTL_MS,
  readPendingAdd,
  rememberPendingAdd,
  takePendingAdd,
  type PendingAdd,
  type SessionStore,
} from '../../../src/features/cart/model/pending-add';

function memoryStore(): SessionStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const NOW = 1_800_000_000_000;
const add: PendingAdd = { pzn: '10019621', quantity: 1, path: '/de/shop/product/ibuprofen-400-10019621/', createdAt: NOW, addressAsked: false };

describe('the pending "add to cart"', () => {
  it('survives the detour and is taken exactly once', () => {
    const store = memoryStore();
    rememberPendingAdd(store, add);
    expect(readPendingAdd(store, NOW + 1000)).toEqual(add);
    expect(takePendingAdd(store, NOW + 2000)).toEqual(add);
    expect(takePendingAdd(store, NOW + 3000)).toBeNull();
    expect(store.data.has(PENDING_ADD_KEY)).toBe(false);
  });

  it('goes stale after the time allowed for logging in and entering an address', () => {
    const store = memoryStore();
    rememberPendingAdd(store, add);
    expect(takePendingAdd(store, NOW + PENDING_ADD_TTL_MS + 1)).toBeNull();
    expect(store.data.has(PENDING_ADD_KEY)).toBe(false);
  });

  it('drops corrupt or tampered values instead of acting on them', () => {
    const tampered = [
      '{not json',
      JSON.stringify({ ...add, pzn: '1001962' }),
      JSON.stringify({ ...add, quantity: 0 }),
      JSON.stringify({ ...add, quantity: 11 }),
      JSON.stringify({ ...add, path: 'https://evil.example/' }),
      JSON.stringify({ ...add, path: '//evil.example/' }),
      JSON.stringify({ ...add, addressAsked: 'yes' }),
    ];
    for (const raw of tampered) {
      const store = memoryStore();
      store.setItem(PENDING_ADD_KEY, raw);
      expect(takePendingAdd(store, NOW), raw).toBeNull();
      expect(store.data.has(PENDING_ADD_KEY)).toBe(false);
    }
  });

  it('copes without storage (privacy mode)', () => {
    const broken: SessionStore = {
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
    expect(() => rememberPendingAdd(broken, add)).not.toThrow();
    expect(takePendingAdd(broken, NOW)).toBeNull();
    expect(takePendingAdd(undefined, NOW)).toBeNull();
  });

  it('waits while the customer is still logging in or entering the address, in both languages', () => {
    for (const path of ['/shop/login/', '/de/shop/login', '/shop/register/', '/shop/addresses/', '/de/shop/addresses/', '/login/', '/logout/']) {
      expect(mayResumeOn(path), path).toBe(false);
    }
    for (const path of ['/shop/product/ibuprofen-400-10019621/', '/de/shop/', '/shop/cart/', '/shop/addresses-guide/']) {
      expect(mayResumeOn(path), path).toBe(true);
    }
  });
});
