import { attributionFrom, IRCLICKID_KEY, UTM_KEY, type Attribution } from '../../../platform/consent/attribution';
import type { ConsentStatus } from '../../../platform/consent/consent';

// Read once from the landing URL; kept in memory until the visitor allows marketing on this page.
let pending: Attribution | null | undefined;

/**
 * Stores the landing URL's utm parameters (localStorage, with the time) and irclickid (session
 * storage, where the checkout takes it for the order) once marketing is allowed. Nothing is
 * written before that (§25 TDDDG): a visitor who leaves the landing page undecided is not tracked.
 */
export function rememberLandingAttribution(status: ConsentStatus | null, search: string = location.search, now: Date = new Date()): void {
  if (pending === undefined) pending = attributionFrom(search);
  if (!pending || !status?.marketing) return;
  try {
    if (Object.keys(pending.utm).length > 0) localStorage.setItem(UTM_KEY, JSON.stringify({ ...pending.utm, at: now.toISOString() }));
    if (pending.irclickid) sessionStorage.setItem(IRCLICKID_KEY, pending.irclickid);
  } catch {
    // Storage refused: attribution is lost, the shop works the same.
  }
  pending = null;
}

/** Removes stored attribution (marketing withdrawn). */
export function forgetAttribution(): void {
  try {
    localStorage.removeItem(UTM_KEY);
    sessionStorage.removeItem(IRCLICKID_KEY);
  } catch {
    // Nothing stored that could be read.
  }
}
