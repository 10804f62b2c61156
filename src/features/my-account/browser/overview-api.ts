import { apiClient, attempt, mapOutcome, type ApiClient, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';

/*
 * The overview reads other features' API answers (cards, wallet, unseen coupons) through the one
 * typed client; it shares no code with them, so it can sit above every feature it links to.
 */
const cardsCall = (client: ApiClient) => client.GET('/api/v1/user/cards');

export type SavedCard = NonNullable<Awaited<ReturnType<typeof cardsCall>>['data']>['items'][number];

export async function listSavedCards(locale: Locale): Promise<Outcome<SavedCard[]>> {
  return mapOutcome(await attempt(() => cardsCall(apiClient(locale)), locale), (data) => data.items);
}

/** Deletes a saved card (also at the payment provider); answers the remaining cards. A card already gone counts as deleted. */
export async function deleteSavedCard(locale: Locale, id: string): Promise<Outcome<SavedCard[] | null>> {
  const outcome = mapOutcome(
    await attempt(() => apiClient(locale).DELETE('/api/v1/user/cards/{id}', { params: { path: { id } } }), locale),
    (data): SavedCard[] | null => data.items,
  );
  return !outcome.ok && outcome.problem.status === 404 ? { ok: true, data: null } : outcome;
}

export async function creditBalance(locale: Locale): Promise<Outcome<number>> {
  return mapOutcome(await attempt(() => apiClient(locale).GET('/api/v1/user/wallet'), locale), (data) => data.balance_cents);
}

export async function unseenCouponCount(locale: Locale): Promise<Outcome<number>> {
  return mapOutcome(await attempt(() => apiClient(locale).GET('/api/v1/user/unseen-coupons'), locale), (data) => data.count);
}
