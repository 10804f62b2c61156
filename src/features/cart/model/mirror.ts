import type { components } from '../../../platform/api-client/schema';

/**
 * The cart as this device last saw it from the server (spec: "mirrored locally for instant
 * display"): the header badge and the product page's stepper show it at page load, before any
 * request. It belongs to one customer: every read checks the owner, so whoever logs in next on a
 * shared device never sees someone else's cart. Pure, so it is tested without a browser.
 */
export const CART_MIRROR_KEY = 'apobote.cart';

type Schemas = components['schemas'];
type CartLineDto = Schemas['CartLine'];
export type CartWarningDto = Schemas['CartWarning'];

/**
 * The server's cart answer, from the generated OpenAPI types; of each line's product only the
 * fields the cart shows (the generated type of the nullable texts it leaves out is unusable).
 */
export interface CartSnapshot extends Omit<Schemas['Cart'], 'lines'> {
  lines: (Omit<CartLineDto, 'product'> & { product: Pick<CartLineDto['product'], 'name' | 'slug' | 'imageUrl' | 'vatRate' | 'activeIngredients'> })[];
}

export interface MirrorLine {
  pzn: string;
  name: string;
  slug: string;
  imageUrl: string;
  unitPriceCents: number;
  vatRate: number;
  quantity: number;
}

export type StockNoticeCode = 'SOLD_OUT' | 'STOCK_INSUFFICIENT' | 'PRESCRIPTION_REQUIRED';

/**
 * A line the server removed or reduced (spec §8: "items removed from the cart"), kept until the
 * customer has seen it in the cart: the answer that removed the line is the only one that says so.
 */
export interface CartNotice {
  code: StockNoticeCode;
  /** The server's message, in the language of the request that caused it. */
  message: string;
  pzn: string;
  /** From the line as it was before; null when this device never saw the line. */
  name: string | null;
  /** What the line was reduced to; 0 = removed. */
  availableQuantity: number;
}

export interface CartMirror {
  owner: string;
  /** The pharmacy whose stock the cart is checked against (null: none chosen yet). */
  pharmacyId: string | null;
  lines: MirrorLine[];
  itemCount: number;
  notices: CartNotice[];
  /** When the server last answered (ms since epoch), to refresh a mirror grown stale. */
  syncedAt: number;
}

/** Enough for the customer to notice; an endless list would only hide the latest. */
const MAX_NOTICES = 10;
const STOCK_CODES: readonly string[] = ['SOLD_OUT', 'STOCK_INSUFFICIENT', 'PRESCRIPTION_REQUIRED'];

/** FNV-1a: a short, stable, non-reversible tag for a token whose payload cannot be read. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function base64urlJson(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * Who the mirror belongs to: the token's subject (the customer id, stable across logins and
 * devices). The token is not verified here, and need not be: the key only keeps customers of one
 * device apart, the server decides what anyone may see. A token without a readable subject still
 * gets a key of its own (changing with every login, which only costs a refresh).
 */
export function ownerFromToken(token: string | null): string | null {
  if (!token) return null;
  try {
    const payload = base64urlJson(token.split('.')[1] ?? '');
    if (payload && typeof payload === 'object' && typeof (payload as { sub?: unknown }).sub === 'string') {
      const sub = (payload as { sub: string }).sub;
      if (sub) return `u:${sub}`;
    }
  } catch {
    // Not a JWT: fall through to the token's own tag.
  }
  return `t:${fnv1a(token)}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isMirrorLine(value: unknown): value is MirrorLine {
  return (
    isRecord(value) &&
    typeof value.pzn === 'string' &&
    /^\d{8}$/.test(value.pzn) &&
    typeof value.name === 'string' &&
    typeof value.slug === 'string' &&
    typeof value.imageUrl === 'string' &&
    isCount(value.unitPriceCents) &&
    isCount(value.vatRate) &&
    isCount(value.quantity) &&
    value.quantity > 0
  );
}

function isNotice(value: unknown): value is CartNotice {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    STOCK_CODES.includes(value.code) &&
    typeof value.message === 'string' &&
    typeof value.pzn === 'string' &&
    (value.name === null || typeof value.name === 'string') &&
    isCount(value.availableQuantity)
  );
}

/**
 * The stored mirror if it is well-formed and belongs to `owner`; anything else (corrupt JSON, an
 * older shape, another customer's cart, nobody logged in) reads as "no mirror".
 */
export function parseMirror(raw: string | null | undefined, owner: string | null): CartMirror | null {
  if (!raw || !owner) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.owner !== owner) return null;
  if (!(value.pharmacyId === null || typeof value.pharmacyId === 'string')) return null;
  if (!Array.isArray(value.lines) || !value.lines.every(isMirrorLine)) return null;
  if (!Array.isArray(value.notices) || !value.notices.every(isNotice)) return null;
  if (typeof value.syncedAt !== 'number') return null;
  const lines = value.lines;
  // The count is derived, never trusted from storage, so the badge always matches the lines.
  return { owner, pharmacyId: value.pharmacyId, lines, itemCount: countItems(lines), notices: value.notices, syncedAt: value.syncedAt };
}

export const countItems = (lines: readonly Pick<MirrorLine, 'quantity'>[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

export function emptyMirror(owner: string, now: number): CartMirror {
  return { owner, pharmacyId: null, lines: [], itemCount: 0, notices: [], syncedAt: now };
}

export function isStockWarning(warning: CartWarningDto): warning is CartWarningDto & { code: StockNoticeCode; pzn: string } {
  return STOCK_CODES.includes(warning.code) && typeof warning.pzn === 'string';
}

/** The stock warnings of one answer, named after the lines as this device knew them. */
export function noticesFrom(cart: CartSnapshot, known: ReadonlyMap<string, string>): CartNotice[] {
  return cart.warnings.filter(isStockWarning).map((warning) => ({
    code: warning.code,
    message: warning.message,
    pzn: warning.pzn,
    name: known.get(warning.pzn) ?? cart.lines.find((line) => line.pzn === warning.pzn)?.product.name ?? null,
    availableQuantity: warning.availableQuantity ?? 0,
  }));
}

/**
 * Lines that left or shrank because the cart moved to another pharmacy, when the answer says
 * nothing about them: the move was answered to someone else (the pharmacy screen, another tab or
 * device), and only that answer carried the warning. The new pharmacy's stock is then the reason,
 * and the customer is told so with the catalogue's message, as if the warning had come here.
 */
export function movedAwayNotices(
  cart: CartSnapshot,
  previous: CartMirror | null,
  message: (code: 'SOLD_OUT' | 'STOCK_INSUFFICIENT') => string,
): CartNotice[] {
  if (!previous || cart.pharmacyId === null || cart.pharmacyId === previous.pharmacyId) return [];
  const warned = new Set(cart.warnings.map((warning) => warning.pzn));
  const notices: CartNotice[] = [];
  for (const before of previous.lines) {
    if (warned.has(before.pzn)) continue;
    const now = cart.lines.find((line) => line.pzn === before.pzn);
    if (now && now.quantity >= before.quantity) continue;
    const code = now ? 'STOCK_INSUFFICIENT' : 'SOLD_OUT';
    notices.push({ code, message: message(code), pzn: before.pzn, name: before.name, availableQuantity: now?.quantity ?? 0 });
  }
  return notices;
}

/**
 * The mirror after a server answer: the answer's lines replace ours entirely (the server is the
 * truth), and its stock warnings join the notices not yet seen (one per product, newest wins).
 * With `message`, lines lost to a pharmacy move answered elsewhere become notices too.
 */
export function mirrorFromCart(
  cart: CartSnapshot,
  owner: string,
  previous: CartMirror | null,
  now: number,
  message?: (code: 'SOLD_OUT' | 'STOCK_INSUFFICIENT') => string,
): CartMirror {
  const mine = previous?.owner === owner ? previous : null;
  const known = new Map<string, string>((mine?.lines ?? []).map((line) => [line.pzn, line.name]));
  const fresh = [...noticesFrom(cart, known), ...(message ? movedAwayNotices(cart, mine, message) : [])];
  const kept = (mine?.notices ?? []).filter((notice) => !fresh.some((f) => f.pzn === notice.pzn));
  const lines: MirrorLine[] = cart.lines.map((line) => ({
    pzn: line.pzn,
    name: line.product.name,
    slug: line.product.slug,
    imageUrl: line.product.imageUrl,
    unitPriceCents: line.unitPriceCents,
    vatRate: line.product.vatRate,
    quantity: line.quantity,
  }));
  return {
    owner,
    pharmacyId: cart.pharmacyId,
    lines,
    itemCount: countItems(lines),
    notices: [...kept, ...fresh].slice(-MAX_NOTICES),
    syncedAt: now,
  };
}

export const mirrorQuantity = (mirror: CartMirror | null, pzn: string): number => mirror?.lines.find((line) => line.pzn === pzn)?.quantity ?? 0;
