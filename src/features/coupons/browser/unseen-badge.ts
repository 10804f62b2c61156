import { getToken } from '../../../platform/api-client/token';

/**
 * The "new coupons" badges of the shell (account menu, its coupons entry, the bottom navigation's
 * account entry): filled from GET /user/unseen-coupons once per page for a logged-in visitor, and
 * cleared when the coupons page has been seen (it dispatches COUPONS_SEEN_EVENT after mark-seen).
 * Plain fetch, no client library: this runs on every page, catalogue pages included.
 */
export const COUPONS_SEEN_EVENT = 'apobote:coupons-seen';
const BADGE = '[data-unseen-coupons]';

/** Shows `count` in every badge (hidden at 0); each badge says it in words through its template. */
export function showUnseenCoupons(count: number, root: ParentNode = document): void {
  for (const badge of root.querySelectorAll<HTMLElement>(BADGE)) {
    badge.hidden = count <= 0;
    const number = badge.querySelector<HTMLElement>('[data-count]');
    const label = badge.querySelector<HTMLElement>('[data-label]');
    if (number) number.textContent = count > 0 ? String(count) : '';
    if (label) label.textContent = count > 0 ? (badge.dataset.template ?? '{count}').replace('{count}', String(count)) : '';
  }
}

export async function fetchUnseenCouponCount(token: string, fetcher: typeof fetch = fetch): Promise<number | null> {
  try {
    const response = await fetcher('/api/v1/user/unseen-coupons', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { count?: unknown };
    return typeof body.count === 'number' ? body.count : null;
  } catch {
    return null;
  }
}

/** Starts the badges on this page (the shell's script calls it). */
export function startUnseenCouponBadges(): void {
  if (!document.querySelector(BADGE)) return;
  document.addEventListener(COUPONS_SEEN_EVENT, () => showUnseenCoupons(0));
  const token = getToken();
  if (!token) return;
  void fetchUnseenCouponCount(token).then((count) => {
    if (count !== null) showUnseenCoupons(count);
  });
}
