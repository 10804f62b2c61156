import { getToken } from '../../../platform/api-client/token';
import { localeFromPath, localizePath } from '../../../platform/i18n/locales';
import { mayResumeOn, readPendingAdd } from '../model/pending-add';
import { mountHeaderCart } from './header';
import { loadActions } from './load-actions';
import { $mirror, initCartState } from './state';
import { whenIdle } from '../../../ui/browser/page-lifecycle';
import { isStaffArea, ROUTES } from '../../../ui/layout/routes';

/**
 * The cart's load-time script on every page (bundled once per page by Astro): badge and the
 * drawer opener from the local mirror, without a request (the product steppers: controls-boot.ts). The server is asked
 * only when there is something to do: a pending "add to cart" to finish, a mirror missing or
 * stale, or (logged in, once the page is idle) a pharmacy chosen that the cart is not checked
 * against yet. A browse-only visitor's page loads nothing more.
 */

/** After this, the badge may be out of date (another device); it is refreshed when the page is idle. */
const STALE_AFTER_MS = 10 * 60 * 1000;

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function boot(): void {
  initCartState();
  const locale = localeFromPath(location.pathname);
  mountHeaderCart(locale);
  // The staff's apps have no cart to keep up to date (and a staff account no cart). The checkout
  // reads the server's cart itself (its draft) and brings the mirror up to date after ordering.
  if (!getToken() || isStaffArea(location.pathname) || location.pathname === localizePath(ROUTES.checkout, locale)) return;

  const mirror = $mirror.get();
  if (mayResumeOn(location.pathname) && readPendingAdd(session(), Date.now())) {
    void loadActions().then((actions) => actions.resumePendingAdd());
  } else if (!mirror || Date.now() - mirror.syncedAt > STALE_AFTER_MS) {
    whenIdle(() => void import('./refresh').then((refresh) => refresh.refreshMirror()), 3000);
  }
  whenIdle(() => void import('./pharmacy-follow'), 3000);
}

boot();
