// The hearts of a page, wired to the API, the toasts and the login detour; loaded by boot.ts on the
// first tap or, for a logged-in customer, once the page is idle.
import { isLocale } from '../../../platform/i18n/locales';
import { showToast } from '../../../ui/toast/toast';
import { getToken } from '../../../platform/api-client/token';
import { loginRedirectUrl } from '../../accounts/client';
import { tabStorage } from '../model/tab-storage';
import { favoriteControls } from './favorite-controls';

export function mountFavoriteControls() {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'en';
  // The API calls are loaded on first use (a logged-in sync or a tap): anonymous visitors never need them.
  const favoritesApi = () => import('./favorites-api');
  return favoriteControls(document, {
    locale,
    storage: tabStorage(),
    getToken: () => getToken(),
    list: async () => {
      const outcome = await (await favoritesApi()).listFavorites(locale);
      return outcome.ok ? { ok: true, data: outcome.data.map((product) => product.pzn) } : outcome;
    },
    add: async (pzn) => (await favoritesApi()).addFavorite(locale, pzn),
    remove: async (pzn) => (await favoritesApi()).removeFavorite(locale, pzn),
    toast: (input) => void showToast(input),
    goToLogin: () => location.assign(loginRedirectUrl(location.pathname, location.search)),
  });
}
