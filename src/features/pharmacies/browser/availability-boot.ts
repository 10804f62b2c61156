// Entry of the availability script on catalogue pages (bundled by AvailabilityBadge.astro): small
// vanilla code, run when the browser is idle, so the static pages stay the same for every pharmacy.
import { isLocale, localizePath } from '../../../platform/i18n/locales';
import { ROUTES } from '../../../ui/layout/routes';
import { $selectedPharmacy } from './shopping-location';
import { availabilityLines } from './availability-lines';
import { whenIdle } from '../../../ui/browser/page-lifecycle';

whenIdle(() => {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'en';
  const render = availabilityLines(document, {
    locale,
    choosePharmacyHref: localizePath(ROUTES.pharmacies, locale),
    // Loaded only once a pharmacy is chosen: a first-time visitor never needs the API client.
    fetchAvailability: async (pharmacyId, pzns) => (await import('./fetch-availability')).fetchAvailability(pharmacyId, pzns),
  });
  void render($selectedPharmacy.get());
  // Another tab or the pharmacy screen changed where the visitor shops.
  $selectedPharmacy.listen((pharmacy) => void render(pharmacy));
});
