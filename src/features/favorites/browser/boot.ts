// Entry of the favourites script on catalogue pages (bundled by FavoriteButton.astro). The hearts'
// code (mount-favorites.ts) loads on the first tap, or once the page is idle for a logged-in
// customer, to mark their favourites: a visitor's catalogue page carries only this listener (the
// 20 KB budget). The framework comes only with the first toast.
import { getToken } from '../../../platform/api-client/token';
import { whenIdle } from '../../../ui/browser/page-lifecycle';
import { clearFavoritesCache } from '../model/favorites-cache';
import { CONTROL_SELECTOR } from '../model/control-selector';
import { tabStorage } from '../model/tab-storage';

let controls: Promise<{ sync: () => Promise<void> }> | undefined;
const load = () =>
  (controls ??= import('./mount-favorites').then(({ mountFavoriteControls }) => {
    document.removeEventListener('click', firstTap);
    return mountFavoriteControls();
  }));

function firstTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL_SELECTOR) : null;
  if (!button) return;
  event.preventDefault();
  // Tapped again for the hearts' own listener once their code is here.
  void load().then(() => button.click());
}
document.addEventListener('click', firstTap);

if (getToken()) whenIdle(() => void load().then((loaded) => loaded.sync()));
else clearFavoritesCache(tabStorage());
