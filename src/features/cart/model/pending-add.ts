import { MAX_QUANTITY_PER_LINE } from './limits';

/**
 * "Add to cart" clicked by someone who cannot add yet (browse-only, or no delivery address, spec
 * §6). The intent survives the detour through login and the address form in sessionStorage (this
 * tab only, gone with it), and the next page with a logged-in customer completes it once, so the
 * customer never has to find the product and click again.
 */
export const PENDING_ADD_KEY = 'apobote.pendingAdd';

/** Long enough to register, verify and type an address; an older intent is stale. */
export const PENDING_ADD_TTL_MS = 30 * 60 * 1000;

export interface PendingAdd {
  pzn: string;
  quantity: number;
  /** The page it was clicked on (localized path and query): where the detours lead back to. */
  path: string;
  createdAt: number;
  /** The customer was already sent to the address form for it: do not send them there twice. */
  addressAsked: boolean;
}

export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Only a path on this site: the value ends up in redirects. */
const isLocalPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(value);

export function isPendingAdd(value: unknown): value is PendingAdd {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.pzn === 'string' &&
    /^\d{8}$/.test(v.pzn) &&
    typeof v.quantity === 'number' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1 &&
    v.quantity <= MAX_QUANTITY_PER_LINE &&
    isLocalPath(v.path) &&
    typeof v.createdAt === 'number' &&
    typeof v.addressAsked === 'boolean'
  );
}

export function rememberPendingAdd(storage: SessionStore | undefined, add: PendingAdd): void {
  try {
    storage?.setItem(PENDING_ADD_KEY, JSON.stringify(add));
  } catch {
    // Storage unavailable: the customer clicks again after logging in.
  }
}

export function forgetPendingAdd(storage: SessionStore | undefined): void {
  try {
    storage?.removeItem(PENDING_ADD_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The stored intent if valid and fresh; a corrupt or stale one is removed. */
export function readPendingAdd(storage: SessionStore | undefined, now: number): PendingAdd | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(PENDING_ADD_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  if (!isPendingAdd(value) || now - value.createdAt > PENDING_ADD_TTL_MS || value.createdAt > now + 60_000) {
    forgetPendingAdd(storage);
    return null;
  }
  return value;
}

/** Reads and removes it in one go, so a second tab or a reload cannot add the product twice. */
export function takePendingAdd(storage: SessionStore | undefined, now: number): PendingAdd | null {
  const add = readPendingAdd(storage, now);
  if (add) forgetPendingAdd(storage);
  return add;
}

/**
 * Pages where the intent must wait: the customer is still on the way (logging in, registering,
 * entering the address). Resuming on the address form would send them to the very form again.
 */
const WAITING_PAGES = /^\/shop\/(login|register|phone-login|forgot-password|reset-password|verify-email|addresses)(\/|$)|^\/(login|logout)(\/|$)/;

export function mayResumeOn(pathname: string): boolean {
  const unlocalized = pathname.replace(/^\/de(?=\/|$)/, '') || '/';
  return !WAITING_PAGES.test(unlocalized);
}
