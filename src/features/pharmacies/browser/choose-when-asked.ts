import type { Locale } from '../../../platform/i18n/locales';
import type { ChooseResult } from './delivery-check';
import type { SelectedPharmacy } from './shopping-location';

/** `choosePharmacy` for a screen that seldom needs it (the checkout's offer of the pharmacy that delivers there): loaded when used. */
export async function choosePharmacyWhenAsked(pharmacy: SelectedPharmacy, locale: Locale): Promise<ChooseResult> {
  const { choosePharmacy } = await import('./delivery-check');
  return choosePharmacy(pharmacy, locale);
}
