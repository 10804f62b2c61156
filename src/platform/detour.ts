/**
 * Why a visitor is on a detour through login, registration and the address form (issue 11): the
 * product an "Add to cart" is waiting to put in the cart. Written by the feature that sends the
 * visitor away (cart), read by the screens on the way (accounts, addresses), which each say in one
 * sentence why they ask and what is waiting. Session storage: this tab only, gone with it.
 */
const DETOUR_KEY = 'apobote.detour';
/** As long as the waiting "Add to cart" itself (cart's pending add). */
const DETOUR_TTL_MS = 30 * 60 * 1000;

export interface Detour {
  /** The product's name as its page shows it. */
  product: string;
  at: number;
}

function store(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberDetour(product: string, now = Date.now()): void {
  const name = product.trim().slice(0, 200);
  if (!name) return;
  try {
    store()?.setItem(DETOUR_KEY, JSON.stringify({ product: name, at: now }));
  } catch {
    // Storage refused: the screens simply do not name the product.
  }
}

export function currentDetour(now = Date.now()): Detour | null {
  try {
    const raw = store()?.getItem(DETOUR_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Detour>;
    if (typeof value.product !== 'string' || typeof value.at !== 'number' || now - value.at > DETOUR_TTL_MS || value.at > now + 60_000) return null;
    return { product: value.product, at: value.at };
  } catch {
    return null;
  }
}

export function endDetour(): void {
  try {
    store()?.removeItem(DETOUR_KEY);
  } catch {
    // Nothing stored.
  }
}
