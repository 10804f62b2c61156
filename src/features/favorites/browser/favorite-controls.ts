import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import type { ToastInput } from '../../../ui/toast/toast';
import { favoritesMessages } from '../i18n/messages';
import { cacheOwner, clearFavoritesCache, readFavoritesCache, updateFavoritesCache, writeFavoritesCache } from '../model/favorites-cache';
import { rememberPendingFavorite, takePendingFavorite } from '../model/pending-favorite';
import type { KeyValueStorage } from '../model/tab-storage';
import type { Outcome, Problem } from '../../../platform/api-client';

import { CONTROL_SELECTOR } from '../model/control-selector';

export { CONTROL_SELECTOR };

export interface FavoriteControlsOptions {
  locale: Locale;
  storage: KeyValueStorage | undefined;
  getToken: () => string | null;
  list: () => Promise<Outcome<string[]>>;
  add: (pzn: string) => Promise<Outcome<null>>;
  remove: (pzn: string) => Promise<Outcome<null>>;
  toast: (input: ToastInput) => void;
  /** Leaves for login, coming back to this page afterwards. */
  goToLogin: () => void;
  now?: () => number;
}

/** A failure's text: the server's (in the page language), or `offline` when no answer came at all. */
export function failureText(problem: Problem, offline: string): string {
  return problem.status === 0 ? offline : problem.message;
}

/**
 * The favourite toggles of one page. A browse-only visitor is sent to login and the product is
 * added on the way back; a logged-in customer sees the change at once, and it is undone with the
 * server's message if the server refuses it.
 */
export function favoriteControls(doc: Document, options: FavoriteControlsOptions) {
  const t = translator(favoritesMessages, options.locale);
  const now = options.now ?? Date.now;
  const busy = new Set<string>();
  // Toggles made while the list was loading win over the (older) list.
  let changesDuringLoad: Map<string, boolean> | null = null;

  const controls = (pzn?: string) =>
    Array.from(doc.querySelectorAll<HTMLButtonElement>(CONTROL_SELECTOR)).filter((button) => pzn === undefined || button.dataset.pzn === pzn);

  function show(pzn: string, favorite: boolean): void {
    for (const button of controls(pzn)) button.setAttribute('aria-pressed', String(favorite));
  }

  async function setFavorite(pzn: string, name: string, favorite: boolean): Promise<void> {
    const token = options.getToken();
    if (!token || busy.has(pzn)) return;
    busy.add(pzn);
    const owner = cacheOwner(token);
    changesDuringLoad?.set(pzn, favorite);
    show(pzn, favorite);
    updateFavoritesCache(options.storage, owner, pzn, favorite, now());
    const outcome = favorite ? await options.add(pzn) : await options.remove(pzn);
    busy.delete(pzn);
    if (outcome.ok) {
      options.toast({ type: 'success', title: favorite ? t('saved') : t('removed'), ...(name ? { description: name } : {}) });
      return;
    }
    changesDuringLoad?.set(pzn, !favorite);
    show(pzn, !favorite);
    updateFavoritesCache(options.storage, owner, pzn, !favorite, now());
    options.toast({ type: 'error', title: t('updateFailed'), description: failureText(outcome.problem, t('networkError')) });
  }

  /** Marks the page's toggles from the cache or one list call, then adds a favourite waiting from before login. */
  async function sync(): Promise<void> {
    const token = options.getToken();
    if (!token) {
      clearFavoritesCache(options.storage);
      return;
    }
    const owner = cacheOwner(token);
    const pending = takePendingFavorite(options.storage, now());
    let favorites = readFavoritesCache(options.storage, owner, now());
    if (!favorites && controls().length > 0) {
      changesDuringLoad = new Map();
      const outcome = await options.list();
      if (outcome.ok) {
        favorites = new Set(outcome.data);
        for (const [pzn, favorite] of changesDuringLoad) {
          if (favorite) favorites.add(pzn);
          else favorites.delete(pzn);
        }
        writeFavoritesCache(options.storage, owner, favorites, now());
      }
      changesDuringLoad = null;
    }
    if (favorites) for (const button of controls()) button.setAttribute('aria-pressed', String(favorites.has(button.dataset.pzn ?? '')));
    if (pending) await setFavorite(pending.pzn, pending.name, true);
  }

  function onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>(CONTROL_SELECTOR);
    if (!button) return;
    event.preventDefault();
    const pzn = button.dataset.pzn ?? '';
    const name = button.dataset.name ?? '';
    if (!options.getToken()) {
      rememberPendingFavorite(options.storage, { pzn, name }, now());
      options.goToLogin();
      return;
    }
    void setFavorite(pzn, name, button.getAttribute('aria-pressed') !== 'true');
  }

  doc.addEventListener('click', onClick);
  return { sync, setFavorite, dispose: () => doc.removeEventListener('click', onClick) };
}
