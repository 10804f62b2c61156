import { describe, expect, it } from 'vitest';
import { createAttemptStore, PLACE_ATTEMPT_KEY } from '../../../src/features/checkout/browser/idempotency';
import { paymentChoice, paymentFingerprint } from '../../../src/features/checkout/browser/payment';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function counter() {
  let n = 0;
  return () => `key-${++n}-abcdefgh`;
}

const parts = { orderId: 'order-1', draft: 'order-1:1290:1290:0:asap:-', payment: 'saved:card-1' };

describe('the Idempotency-Key of "Order and pay"', () => {
  it('is the same for a double click or a retry of the same attempt', () => {
    const store = createAttemptStore(memoryStorage(), counter());
    const first = store.keyFor(parts);
    expect(store.keyFor(parts)).toBe(first);
    expect(store.keyFor({ ...parts })).toBe(first);
  });

  it('survives a reload: a new page sending the same attempt reuses it', () => {
    const storage = memoryStorage();
    const first = createAttemptStore(storage, counter()).keyFor(parts);
    expect(createAttemptStore(storage, counter()).keyFor(parts)).toBe(first);
  });

  it('is new when the card, the draft or the order changes', () => {
    const store = createAttemptStore(memoryStorage(), counter());
    const first = store.keyFor(parts);
    const otherCard = store.keyFor({ ...parts, payment: 'saved:card-2' });
    expect(otherCard).not.toBe(first);
    const otherDraft = store.keyFor({ ...parts, payment: 'saved:card-2', draft: 'order-1:1490:1490:200:asap:-' });
    expect(otherDraft).not.toBe(otherCard);
    expect(store.keyFor({ ...parts, orderId: 'order-2' })).not.toBe(otherDraft);
  });

  it('is new after the attempt got its final answer', () => {
    const store = createAttemptStore(memoryStorage(), counter());
    const first = store.keyFor(parts);
    store.finish('order-1');
    expect(store.keyFor(parts)).not.toBe(first);
  });

  it('is reused in memory when session storage refuses writes', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createAttemptStore(refusing, counter());
    expect(store.keyFor(parts)).toBe(store.keyFor(parts));
  });

  it('stores only the payment choice (method, saved card id), never a digit of a card', () => {
    const storage = memoryStorage();
    const payment = paymentChoice({ payment: 'new', saveCard: true }, true);
    createAttemptStore(storage, counter()).keyFor({ ...parts, payment: paymentFingerprint(payment) });
    const stored = storage.data.get(PLACE_ATTEMPT_KEY) ?? '';
    expect(stored).toContain('card:1');
    expect(JSON.parse(stored).fingerprint.split('|').at(-1)).toBe('card:1');
  });
});
