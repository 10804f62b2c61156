// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { favoriteControls, type FavoriteControlsOptions } from '../../../src/features/favorites/browser/favorite-controls';
import type { Outcome } from '../../../src/platform/api-client';
import { cacheOwner, FAVORITES_CACHE_KEY, readFavoritesCache, writeFavoritesCache } from '../../../src/features/favorites/model/favorites-cache';
import { PENDING_FAVORITE_KEY, rememberPendingFavorite } from '../../../src/features/favorites/model/pending-favorite';
import { memoryStorage } from './memory-storage';

const IBU = '04773414';
const PARA = '10019621';
const T0 = 1_800_000_000_000;
const ok = <T>(data: T): Outcome<T> => ({ ok: true, data });

function renderButtons() {
  // A product page and a card of the same product can share a page: both follow one state.
  document.body.innerHTML = [IBU, PARA, IBU]
    .map((pzn) => `<button type="button" data-favorite-control data-pzn="${pzn}" data-name="Name ${pzn}" aria-pressed="false"><span>x</span></button>`)
    .join('');
}

const pressed = (pzn: string) =>
  Array.from(document.querySelectorAll<HTMLButtonElement>(`[data-pzn="${pzn}"]`)).map((button) => button.getAttribute('aria-pressed'));

let dispose: (() => void) | undefined;

function setup(overrides: Partial<FavoriteControlsOptions> = {}) {
  const storage = memoryStorage();
  const options = {
    locale: 'en' as const,
    storage,
    getToken: () => 'token-a',
    list: vi.fn(async () => ok([PARA])),
    add: vi.fn(async () => ok(null)),
    remove: vi.fn(async () => ok(null)),
    toast: vi.fn(),
    goToLogin: vi.fn(),
    now: () => T0,
    ...overrides,
  } satisfies FavoriteControlsOptions;
  const controls = favoriteControls(document, options);
  dispose = controls.dispose;
  return { ...options, controls };
}

const click = (pzn: string) => document.querySelector<HTMLButtonElement>(`[data-pzn="${pzn}"] span`)!.click();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('favourite toggles', () => {
  beforeEach(renderButtons);
  afterEach(() => dispose?.());

  it('sends a browse-only visitor to login and remembers the product for afterwards', () => {
    const storage = memoryStorage();
    const { goToLogin, add } = setup({ storage, getToken: () => null });
    click(IBU);
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(add).not.toHaveBeenCalled();
    expect(JSON.parse(storage.data.get(PENDING_FAVORITE_KEY)!)).toMatchObject({ pzn: IBU, name: `Name ${IBU}` });
  });

  it('marks the saved products from one list call, then from the tab cache on the next page', async () => {
    const first = setup();
    await first.controls.sync();
    expect(first.list).toHaveBeenCalledTimes(1);
    expect(pressed(PARA)).toEqual(['true']);
    expect(pressed(IBU)).toEqual(['false', 'false']);
    dispose?.();

    renderButtons();
    const list = vi.fn(async () => ok<string[]>([]));
    const second = favoriteControls(document, { ...first, list });
    dispose = second.dispose;
    await second.sync();
    expect(list).not.toHaveBeenCalled();
    expect(pressed(PARA)).toEqual(['true']);
  });

  it('adds the remembered product once when the visitor comes back logged in', async () => {
    const storage = memoryStorage();
    rememberPendingFavorite(storage, { pzn: IBU, name: 'Ibuprofen' }, T0 - 60_000);
    const { controls, add, toast } = setup({ storage, list: vi.fn(async () => ok<string[]>([])) });
    await controls.sync();
    await controls.sync();
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith(IBU);
    expect(pressed(IBU)).toEqual(['true', 'true']);
    expect(toast).toHaveBeenCalledWith({ type: 'success', title: 'Saved to favorites', description: 'Ibuprofen' });
    expect(readFavoritesCache(storage, cacheOwner('token-a'), T0)).toEqual(new Set([IBU]));
  });

  it('toggles at once, tells the server, and confirms', async () => {
    const { add, remove, toast } = setup();
    click(IBU);
    expect(pressed(IBU)).toEqual(['true', 'true']);
    await settle();
    expect(add).toHaveBeenCalledWith(IBU);
    expect(toast).toHaveBeenLastCalledWith({ type: 'success', title: 'Saved to favorites', description: `Name ${IBU}` });

    click(IBU);
    expect(pressed(IBU)).toEqual(['false', 'false']);
    await settle();
    expect(remove).toHaveBeenCalledWith(IBU);
    expect(toast).toHaveBeenLastCalledWith({ type: 'success', title: 'Removed from favorites', description: `Name ${IBU}` });
  });

  it('undoes the change and shows the server message when the server refuses it', async () => {
    const storage = memoryStorage();
    writeFavoritesCache(storage, cacheOwner('token-a'), [], T0);
    const { toast } = setup({
      storage,
      locale: 'de',
      add: vi.fn(async (): Promise<Outcome<null>> => ({ ok: false, problem: { code: 'PRODUCT_NOT_FOUND', message: 'Produkt nicht gefunden.', fields: {}, status: 404 } })),
    });
    click(IBU);
    await settle();
    expect(pressed(IBU)).toEqual(['false', 'false']);
    expect(readFavoritesCache(storage, cacheOwner('token-a'), T0)).toEqual(new Set());
    expect(toast).toHaveBeenCalledWith({ type: 'error', title: 'Favoriten nicht aktualisiert', description: 'Produkt nicht gefunden.' });
  });

  it('explains a network failure in the page language when the server said nothing', async () => {
    const { toast } = setup({ add: vi.fn(async (): Promise<Outcome<null>> => ({ ok: false, problem: { code: 'GENERIC_ERROR', message: 'Something went wrong, please try again later.', fields: {}, status: 0 } })) });
    click(IBU);
    await settle();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', description: expect.stringMatching(/connection/) }));
  });

  it('keeps a toggle made while the list was still loading', async () => {
    let answer!: (value: Outcome<string[]>) => void;
    const { controls, storage } = setup({ list: vi.fn(() => new Promise<Outcome<string[]>>((resolve) => (answer = resolve))) });
    const syncing = controls.sync();
    click(IBU);
    answer(ok([PARA]));
    await syncing;
    await settle();
    expect(pressed(IBU)).toEqual(['true', 'true']);
    expect(readFavoritesCache(storage, cacheOwner('token-a'), T0)).toEqual(new Set([PARA, IBU]));
  });

  it('forgets the last customer\'s favourites in this tab after logout', async () => {
    const storage = memoryStorage();
    writeFavoritesCache(storage, cacheOwner('token-a'), [IBU], T0);
    const { controls, list } = setup({ storage, getToken: () => null });
    await controls.sync();
    expect(list).not.toHaveBeenCalled();
    expect(storage.data.has(FAVORITES_CACHE_KEY)).toBe(false);
  });
});
