import type { Locale } from '../../../platform/i18n/locales';

/**
 * What every order call carries (spec §3, §4): the device's session id (created when none is
 * stored), the affiliate click id the landing page kept in session storage, and the page language.
 */
export const SESSION_ID_KEY = 'apobote.sessionId';
export const IRCLICKID_KEY = 'apobote.irclickid';

export interface OrderMeta {
  sessionId: string;
  irClickId: string | null;
  locale: Locale;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storageOf(name: 'localStorage' | 'sessionStorage'): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[name];
  } catch {
    return undefined;
  }
}

/** RFC 4122 version 4 from getRandomValues, for browsers without crypto.randomUUID (non-secure contexts). */
export function randomUuid(random: Pick<Crypto, 'getRandomValues'> = crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const newUuid = (): string => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomUuid());

// A storage that refuses writes (privacy mode) still gets one id per page, not one per call.
let pageSessionId: string | null = null;

/** The stored session id, or a new one stored for next time. */
export function ensureSessionId(storage: Store | undefined = storageOf('localStorage'), createId: () => string = newUuid): string {
  try {
    const stored = storage?.getItem(SESSION_ID_KEY)?.trim();
    if (stored) return stored;
  } catch {
    // Unreadable storage counts as empty.
  }
  const id = pageSessionId ?? createId();
  pageSessionId = id;
  try {
    storage?.setItem(SESSION_ID_KEY, id);
  } catch {
    // Full or disabled storage: the id lives for this page only.
  }
  return id;
}

/** The click-tracking id from session storage; null when absent, empty or unreadable. */
export function readIrClickId(storage: Pick<Storage, 'getItem'> | undefined = storageOf('sessionStorage')): string | null {
  try {
    const value = storage?.getItem(IRCLICKID_KEY)?.trim();
    return value ? value : null;
  } catch {
    return null;
  }
}

export function orderMeta(locale: Locale): OrderMeta {
  return { sessionId: ensureSessionId(), irClickId: readIrClickId(), locale };
}

/** For tests: forget the id kept for a storage that refused it. */
export function resetPageSessionId(): void {
  pageSessionId = null;
}
