// Entry of the favourites script on catalogue pages (bundled by FavoriteButton.astro): vanilla code;
// React comes only with the first toast, after the customer has tapped a heart.
import { isLocale } from '../../../platform/i18n/locales';
import { showToast } from '../../../ui/toast/toast';
import { getToken, loginRedirectUrl } from '../../auth';
import { tabStorage } from '../model/tab-storage';
import { addFavorite, favoritesClient, listFavorites, removeFavorite } from './favorites-api';
import { favoriteControls } from './favorite-controls';
import { whenIdle } from '../../../ui/browser/when-idle';

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
const client = favoritesClient(locale);

const controls = favoriteControls(document, {
  locale,
  storage: tabStorage(),
  getToken: () => getToken(),
  list: async () => {
    const outcome = await listFavorites(client);
    return outcome.ok ? { ok: true, data: outcome.data.map((product) => product.pzn) } : outcome;
  },
  add: (pzn) => addFavorite(client, pzn),
  remove: (pzn) => removeFavorite(client, pzn),
  toast: (input) => void showToast(input),
  goToLogin: () => location.assign(loginRedirectUrl(location.pathname, location.search)),
});

whenIdle(() => void controls.sync());
