// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_MIRROR_KEY, mirrorFromCart } from '../../../src/features/cart/model/mirror';
import { line, snapshot, tokenFor } from './cart-fixtures';

const TOKEN_KEY = 'apobote.token';

/** A fresh page: the store module is loaded anew, as on every page load. */
async function loadPage() {
  vi.resetModules();
  const state = await import('../../../src/features/cart/browser/state');
  state.initCartState();
  return state;
}

const stored = () => localStorage.getItem(CART_MIRROR_KEY);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the persisted cart mirror', () => {
  it('shows the customer their own cart count at page load, without a request', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('erika'));
    localStorage.setItem(CART_MIRROR_KEY, JSON.stringify(mirrorFromCart(snapshot([line('10019621', 2), line('04877800', 1)]), 'u:erika', null, 1)));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { $itemCount, $mirror } = await loadPage();
    expect($itemCount.get()).toBe(3);
    expect($mirror.get()?.lines.map((l) => l.pzn)).toEqual(['10019621', '04877800']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("never shows another customer's cart and removes it from the device", async () => {
    localStorage.setItem(CART_MIRROR_KEY, JSON.stringify(mirrorFromCart(snapshot([line('10019621', 4, 'Secret cream')]), 'u:erika', null, 1)));
    localStorage.setItem(TOKEN_KEY, tokenFor('max'));
    const { $itemCount, $mirror } = await loadPage();
    expect($mirror.get()).toBeNull();
    expect($itemCount.get()).toBe(0);
    expect(stored()).toBeNull();
  });

  it('is cleared once nobody is logged in', async () => {
    localStorage.setItem(CART_MIRROR_KEY, JSON.stringify(mirrorFromCart(snapshot([line('10019621', 1)]), 'u:erika', null, 1)));
    const { $mirror } = await loadPage();
    expect($mirror.get()).toBeNull();
    expect(stored()).toBeNull();
  });

  it('survives corrupt storage: it reads as empty and is replaced by the next server answer', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('erika'));
    localStorage.setItem(CART_MIRROR_KEY, '{"owner":"u:erika","lines":[{"pzn":');
    const { $mirror, $itemCount, applyServerCart } = await loadPage();
    expect($mirror.get()).toBeNull();
    applyServerCart(snapshot([line('10019621', 2)]), { now: 5 });
    expect($itemCount.get()).toBe(2);
    expect(JSON.parse(stored()!)).toMatchObject({ owner: 'u:erika', itemCount: 2, syncedAt: 5 });
  });

  it('lays optimistic quantities over the confirmed ones for the badge', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('erika'));
    const { $itemCount, $pending, applyServerCart, displayedQuantity } = await loadPage();
    applyServerCart(snapshot([line('10019621', 2)]));
    $pending.set({ '10019621': 5, '04877800': 1 });
    expect($itemCount.get()).toBe(6);
    expect(displayedQuantity('10019621')).toBe(5);
    // Confirmed state stays what the server said until it answers.
    expect(JSON.parse(stored()!).lines[0].quantity).toBe(2);
  });

  it('keeps working when storage refuses writes', async () => {
    localStorage.setItem(TOKEN_KEY, tokenFor('erika'));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { $itemCount, applyServerCart } = await loadPage();
    expect(() => applyServerCart(snapshot([line('10019621', 3)]))).not.toThrow();
    expect($itemCount.get()).toBe(3);
  });
});
