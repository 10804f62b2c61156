import { atom } from 'nanostores';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { selectionMessages } from '../i18n/selection';
import type { ListOrder } from '../model/pharmacy-order';
import { choosePharmacy } from './delivery-check';
import type { SelectedPharmacy } from './shopping-location';

/**
 * What the pharmacy-selection page's two parts share: the finder (an island) orders the list by the
 * visitor's address or location, and either part can choose a pharmacy. The list is prebuilt HTML
 * with a small script of its own (`pharmacy-list.ts`), so these live in stores both can reach.
 * Neither is persisted: the order depends on this page's check, the choice is stored by `choosePharmacy`.
 */
export const $listOrder = /* @__PURE__ */ atom<ListOrder>({ kind: 'default' });

/** The pharmacy being chosen right now: every choose button waits for it. */
export const $choosing = /* @__PURE__ */ atom<string | null>(null);

/** Chooses a pharmacy and says so; a cart the server could not switch is said too (the device keeps the choice). */
export async function chooseAndConfirm(pharmacy: SelectedPharmacy, locale: Locale): Promise<void> {
  const t = translator(selectionMessages, locale);
  $choosing.set(pharmacy.id);
  const result = await choosePharmacy({ id: pharmacy.id, name: pharmacy.name }, locale).finally(() => $choosing.set(null));
  if (result === 'cart-failed') void showToast({ type: 'error', title: t('oops'), description: t('chooseFailed') });
  else void showToast({ type: 'success', title: t('chosen', { pharmacy: pharmacy.name }) });
}
