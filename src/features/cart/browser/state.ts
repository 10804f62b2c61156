import { atom, computed } from 'nanostores';
import { getToken, TOKEN_KEY } from '../../../platform/api-client/token';
import { CART_MIRROR_KEY, mirrorFromCart, ownerFromToken, parseMirror, type CartMirror, type CartNotice, type CartSnapshot } from '../model/mirror';

/**
 * The page's cart state, shared by the load-time script (badge, product steppers) and the drawer
 * island: the persisted mirror (server-confirmed), the optimistic targets of changes under way,
 * and the last full server answer of this page.
 */

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readStored(owner: string | null): CartMirror | null {
  try {
    return parseMirror(storage()?.getItem(CART_MIRROR_KEY), owner);
  } catch {
    return null;
  }
}

function writeStored(mirror: CartMirror | null): void {
  try {
    if (mirror) storage()?.setItem(CART_MIRROR_KEY, JSON.stringify(mirror));
    else storage()?.removeItem(CART_MIRROR_KEY);
  } catch {
    // Full or disabled storage: the page still shows the cart, the next one asks the server.
  }
}

/** Who is logged in on this device now (derived from the token, see ownerFromToken). */
export const currentOwner = (): string | null => ownerFromToken(getToken());

export const $mirror = atom<CartMirror | null>(null);
/** Quantities clicked but not yet confirmed by the server, by PZN. */
export const $pending = atom<Readonly<Record<string, number>>>({});
/** The last whole cart the server answered on this page (stock, warnings, totals). */
export const $cart = atom<CartSnapshot | null>(null);
/** How many cart panels are on screen: their alert shows stock notices, so no toast is needed. */
export const $panelsOpen = atom(0);

/** What the badge shows: confirmed quantities with the optimistic ones laid over them. */
export const $itemCount = computed([$mirror, $pending], (mirror, pending) => {
  let count = 0;
  const seen = new Set<string>();
  for (const line of mirror?.lines ?? []) {
    seen.add(line.pzn);
    count += pending[line.pzn] ?? line.quantity;
  }
  for (const [pzn, quantity] of Object.entries(pending)) if (!seen.has(pzn)) count += quantity;
  return count;
});

export function displayedQuantity(pzn: string): number {
  const pending = $pending.get()[pzn];
  if (pending !== undefined) return pending;
  return $mirror.get()?.lines.find((line) => line.pzn === pzn)?.quantity ?? 0;
}

let started = false;

/**
 * Reads the mirror for whoever is logged in. Logged out, or a mirror of someone else: the stored
 * copy is removed, so the next customer on this device never sees it.
 */
export function initCartState(): void {
  if (started) return;
  started = true;
  const owner = currentOwner();
  const mirror = readStored(owner);
  if (!mirror) writeStored(null);
  $mirror.set(mirror);
  $mirror.listen((value) => writeStored(value));
  if (typeof window !== 'undefined') {
    // Another tab changed the cart, logged out or in as someone else: follow it without a request.
    window.addEventListener('storage', (event) => {
      if (event.key === CART_MIRROR_KEY || event.key === TOKEN_KEY || event.key === null) $mirror.set(readStored(currentOwner()));
    });
  }
}

export interface ApplyOptions {
  now?: number;
  /** The catalogue's stock messages, to name lines lost to a pharmacy move answered elsewhere. */
  message?: (code: 'SOLD_OUT' | 'STOCK_INSUFFICIENT') => string;
}

/**
 * Applies a server answer: the mirror follows it (notices included), the page keeps it whole.
 * Returns the new mirror and the notices this answer added.
 */
export function applyServerCart(cart: CartSnapshot, options: ApplyOptions = {}): { mirror: CartMirror; fresh: CartNotice[] } | null {
  const owner = currentOwner();
  if (!owner) return null;
  const previous = $mirror.get();
  const mirror = mirrorFromCart(cart, owner, previous, options.now ?? Date.now(), options.message);
  $cart.set(cart);
  $mirror.set(mirror);
  return { mirror, fresh: mirror.notices.filter((notice) => !previous?.notices.includes(notice)) };
}

/** The customer has seen the notices (drawer closed, notice dismissed). */
export function clearNotices(): void {
  const mirror = $mirror.get();
  if (mirror && mirror.notices.length > 0) $mirror.set({ ...mirror, notices: [] });
}

/** The token no longer works: forget the cart of this device. */
export function forgetMirror(): void {
  $cart.set(null);
  $mirror.set(null);
}
