// Entry of the favourites script on catalogue pages (bundled by FavoriteButton.astro): vanilla code;
// React comes only with the first toast, after the customer has tapped a heart.
import { isLocale } from '../../../platform/i18n/locales';
import { showToast } from '../../../ui/toast/toast';
import { getToken, loginRedirectUrl } from '../../auth';
import { tabStorage } from '../model/tab-storage';
import { favoriteControls } from './favorite-controls';
import { whenIdle } from '../../../ui/browser/when-idle';
import type { ApiClient } from '../../../platform/api-client';
import type * as FavoritesApi from './favorites-api';

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
// The API client is loaded on first use (a logged-in sync or a tap): anonymous visitors never need it.
let api: Promise<{ module: typeof FavoritesApi; client: ApiClient }> | undefined;
const favoritesApi = () =>
  (api ??= import('./favorites-api').then((module) => ({ module, client: module.favoritesClient(locale) })));

const controls = favoriteControls(document, {
  locale,
  storage: tabStorage(),
  getToken: () => getToken(),
  list: async () => {
    const { module, client } = await favoritesApi();
    const outcome = await module.listFavorites(client);
    return outcome.ok ? { ok: true, data: outcome.data.map((product) => product.pzn) } : outcome;
  },
  add: async (pzn) => {
    const { module, client } = await favoritesApi();
    return module.addFavorite(client, pzn);
  },
  remove: async (pzn) => {
    const { module, client } = await favoritesApi();
    return module.removeFavorite(client, pzn);
  },
  toast: (input) => void showToast(input),
  goToLogin: () => location.assign(loginRedirectUrl(location.pathname, location.search)),
});

whenIdle(() => void controls.sync());
