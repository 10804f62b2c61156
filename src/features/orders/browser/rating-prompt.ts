import { isLoggedIn } from '../../../platform/api-client/token';
import type { Locale } from '../../../platform/i18n/locales';

/*
 * "On the next visit after a delivery the shop asks for a rating" (issue 12). A page that carries
 * the check asks the server at most every few minutes per browser tab session, and only for a
 * logged-in customer; React and the dialog are fetched only when there is an order to rate. "Not
 * now" keeps quiet for the rest of the visit (the tab session); "Do not ask again" is the server's.
 */

const KEY = 'apobote.ratingPrompt';
/** Nothing to rate: ask the server again after this long (a delivery may arrive during the visit). */
const RECHECK_MS = 5 * 60_000;

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function remembered(): { quiet?: boolean; checkedAt?: number } {
  try {
    return JSON.parse(session()?.getItem(KEY) ?? '{}') as { quiet?: boolean; checkedAt?: number };
  } catch {
    return {};
  }
}

function remember(value: { quiet?: boolean; checkedAt?: number }): void {
  try {
    session()?.setItem(KEY, JSON.stringify(value));
  } catch {
    // storage unavailable: the dialog may come again on the next page, nothing worse
  }
}

export async function startRatingPrompt(locale: Locale, now: () => number = Date.now): Promise<void> {
  if (!isLoggedIn()) return;
  const state = remembered();
  if (state.quiet || (state.checkedAt !== undefined && now() - state.checkedAt < RECHECK_MS && now() >= state.checkedAt)) return;
  const { apiClient, attempt } = await import('../../../platform/api-client');
  const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/pending-feedback'), locale);
  const order = outcome.ok ? outcome.data.order : null;
  if (!order) return remember({ checkedAt: now() });
  const { mountRatingPrompt } = await import('../islands/mount-rating-prompt');
  mountRatingPrompt(locale, order, () => remember({ quiet: true }));
}
