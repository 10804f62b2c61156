import { localeFromPath } from '../../../platform/i18n/locales';
import { CARDS_ADDED } from '../../../ui/browser/page-lifecycle';
import { mountProductControls } from './product-control';
import { initCartState } from './state';

/*
 * The product cards' "Add to cart" steppers, run by CartButton.astro's script, so only pages with
 * product cards load them; the header's boot (boot.ts), on every page, no longer does (4 KB of
 * stepper code on every island page before).
 */
initCartState();
const locale = localeFromPath(location.pathname);
mountProductControls(locale);
// Cards added later (a filtered listing's next results) get their steppers too.
document.addEventListener(CARDS_ADDED, (event) => mountProductControls(locale, event.target as HTMLElement));
