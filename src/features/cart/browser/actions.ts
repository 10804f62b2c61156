import { getToken } from '../../../platform/api-client/token';
import { clearSession, loginRedirectUrl } from '../../accounts/client';
import { $selectedPharmacy } from '../../pharmacies/client';
import { errorCodeText } from '../../../platform/api-client/error-text';
import { localeFromPath } from '../../../platform/i18n/locales';
import { translator, type Translate } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { track } from '../../analytics/client';
import { cartControlMessages } from '../i18n/control-messages';
import { cartPanelMessages } from '../i18n/panel-messages';
import { MAX_QUANTITY_PER_LINE } from '../model/limits';
import type { CartNotice, CartSnapshot } from '../model/mirror';
import { newShippingAddressHref } from '../model/paths';
import { mayResumeOn, rememberPendingAdd, takePendingAdd, type SessionStore } from '../model/pending-add';
import { endDetour, rememberDetour } from '../../../platform/detour';
import { clampQuantity, createQuantityQueue, createSerialLane, type SendOutcome } from '../model/quantity-queue';
import type { Outcome } from '../../../platform/api-client';
import { cartApi, type CartApi } from './api';
import { $mirror, $panelsOpen, $pending, applyServerCart, displayedQuantity, forgetMirror } from './state';

/*
 * Everything that talks to the server. Loaded on first use (a click, or a pending add to finish),
 * never with the catalogue page itself, so the page's load-time script stays a few kilobytes.
 */

// The page's language, read on first use: the cart page's island also renders on the server.
const pageLocale = () => (typeof location === 'undefined' ? 'en' : localeFromPath(location.pathname));
let calls: CartApi | undefined;
const api = (): CartApi => (calls ??= cartApi(pageLocale()));
const tc: Translate<keyof (typeof cartControlMessages)['en']> = (key, params) => translator(cartControlMessages, pageLocale())(key, params);
const tp: Translate<keyof (typeof cartPanelMessages)['en']> = (key, params) => translator(cartPanelMessages, pageLocale())(key, params);
const lane = createSerialLane();

function session(): SessionStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

const here = () => location.pathname + location.search;

export function noticeText(notice: CartNotice, name: string): string {
  return notice.availableQuantity === 0 ? tp('noticeRemoved', { name }) : tp('noticeReduced', { name, quantity: notice.availableQuantity });
}

/** Stock notices go to a toast only when no cart panel is open to show them in its alert. */
function announce(notices: CartNotice[]): void {
  if ($panelsOpen.get() > 0) return;
  for (const notice of notices) {
    void showToast({ type: 'error', title: notice.message, description: noticeText(notice, notice.name ?? tp('unknownProduct', { pzn: notice.pzn })) });
  }
}

/** The token stopped working (expired, revoked): this device forgets the session and its cart. */
function loggedOut(): void {
  clearSession();
  forgetMirror();
  document.documentElement.removeAttribute('data-auth');
}

let pharmacyAsked: string | null = null;

/** A server answer arrived: mirror it, tell about removed lines, and line the pharmacy up. */
function accept(cart: CartSnapshot): void {
  const applied = applyServerCart(cart, { message: (code) => errorCodeText(code, pageLocale()) });
  if (!applied) return;
  announce(applied.fresh);
  followSelectedPharmacy();
}

/** One call on the page's serial lane; its answer is applied before the next call starts. */
function call(request: () => Promise<Outcome<CartSnapshot>>): Promise<Outcome<CartSnapshot>> {
  return lane.run(async () => {
    const outcome = await request();
    if (outcome.ok) accept(outcome.data);
    else if (outcome.problem.status === 401) loggedOut();
    return outcome;
  });
}

function failureToast(message: string): void {
  void showToast({ type: 'error', title: tc('failed'), description: message });
}

const queue = createQuantityQueue({
  lane,
  async send(pzn, quantity): Promise<SendOutcome> {
    const outcome = await api().setQuantity(pzn, quantity);
    if (outcome.ok) {
      accept(outcome.data);
      return { ok: true };
    }
    if (outcome.problem.status === 401) loggedOut();
    return { ok: false, code: outcome.problem.code, message: outcome.problem.message };
  },
  onPendingChange(pending) {
    $pending.set(Object.fromEntries(pending));
  },
  onError(_pzn, failure) {
    failureToast(failure.message);
  },
});

export type AddResult = 'added' | 'not-added' | 'redirected' | 'failed';

/**
 * "Add to cart": one more unit on top of whatever the cart holds (an increment, so a second tab
 * or device adds rather than overwrites). Not logged in, or no delivery address yet: the intent
 * is kept and the customer sent where they can fix it, then brought back (see pending-add).
 */
export async function addToCart(pzn: string, options: { quantity?: number; addressAsked?: boolean; returnTo?: string; name?: string } = {}): Promise<AddResult> {
  const quantity = options.quantity ?? 1;
  const returnTo = options.returnTo ?? here();
  const pending = { pzn, quantity, path: returnTo, createdAt: Date.now(), addressAsked: false };
  // The screens on the way (login, address) say which product is waiting.
  if (options.name) rememberDetour(options.name);
  if (!getToken()) {
    rememberPendingAdd(session(), pending);
    location.assign(loginRedirectUrl(location.pathname, location.search));
    return 'redirected';
  }
  const outcome = await call(() => api().increment(pzn, quantity));
  if (outcome.ok) {
    const line = outcome.data.lines.find((l) => l.pzn === pzn);
    // Sold out at the cart's pharmacy: the stock notice has said so already.
    endDetour();
    if (!line) return 'not-added';
    void showToast({ type: 'success', title: tc('added'), description: line.product.name });
    track('add_to_cart', { pzn, quantity });
    return 'added';
  }
  const { problem } = outcome;
  if (problem.status === 401) {
    rememberPendingAdd(session(), pending);
    location.assign(loginRedirectUrl(location.pathname, location.search));
    return 'redirected';
  }
  if (problem.code === 'ADDRESS_REQUIRED' && !options.addressAsked) {
    rememberPendingAdd(session(), { ...pending, addressAsked: true });
    location.assign(newShippingAddressHref(returnTo, pageLocale()));
    return 'redirected';
  }
  failureToast(problem.message);
  return 'failed';
}

/** Finishes an "Add to cart" clicked before login or before the address existed; once only. */
export async function resumePendingAdd(): Promise<AddResult | null> {
  if (!getToken() || !mayResumeOn(location.pathname)) return null;
  const add = takePendingAdd(session(), Date.now());
  if (!add) return null;
  return addToCart(add.pzn, { quantity: add.quantity, addressAsked: add.addressAsked, returnTo: add.path });
}

/** The per-line ceiling: the rule's maximum, or less when the pharmacy holds fewer. */
export function lineLimit(stock: number | null | undefined, max = MAX_QUANTITY_PER_LINE): number {
  return stock === null || stock === undefined ? max : Math.min(max, stock);
}

/** A stepper click: shown at once, sent serialized and coalesced (see quantity-queue). */
export function changeQuantity(pzn: string, delta: number, limit = MAX_QUANTITY_PER_LINE): void {
  const current = displayedQuantity(pzn);
  // "+" stops at the limit; "−" always goes down, even from above a limit lowered meanwhile.
  const next = delta > 0 ? clampQuantity(current + delta, limit) : clampQuantity(current + delta, current);
  if (delta > 0 ? next <= current : next >= current) return;
  queue.set(pzn, next);
}

export function removeFromCart(pzn: string): void {
  queue.set(pzn, 0);
}

/** Reads the cart from the server (which re-checks stock on every read). */
export function refreshCart(): Promise<Outcome<CartSnapshot>> {
  return call(() => api().get());
}

/**
 * The cart is checked against the pharmacy the visitor chose on this device (spec §3, one shared
 * store): when the two differ (none on the cart yet, or a new choice), the cart follows, and the
 * answer, checked against the new stock, brings any sold-out warnings.
 */
export function followSelectedPharmacy(): void {
  const selected = $selectedPharmacy.get();
  const mirror = $mirror.get();
  if (!selected || !mirror || !getToken()) return;
  if (mirror.pharmacyId === selected.id || pharmacyAsked === selected.id) return;
  pharmacyAsked = selected.id;
  void call(() => api().setPharmacy(selected.id));
}

/** The cart's other calls (names for notices and the pharmacy), for the panel. */
export const cartCalls = (): CartApi => api();
