// Entry of the favourites script on catalogue pages (bundled by FavoriteButton.astro): vanilla code;
// React comes only with the first toast, after the customer has tapped a heart.
import { isLocale } from '../../../platform/i18n/locales';
import { showToast } from '../../../ui/toast/toast';
import { getToken } from '../../../platform/api-client/token';
import { loginRedirectUrl } from '../../accounts/client';
import { tabStorage } from '../model/tab-storage';
import { favoriteControls } from './favorite-controls';
import { whenIdle } from '../../../ui/browser/page-lifecycle';

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
// The API calls are loaded on first use (a logged-in sync or a tap): anonymous visitors never need them.
const favoritesApi = () => import('./favorites-api');

const controls = favoriteControls(document, {
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

whenIdle(() => void controls.sync());
