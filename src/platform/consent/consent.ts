/**
 * The visitor's consent status (spec §3 "consent status", §25 TDDDG): necessary storage is always
 * allowed; analytics and marketing only after an explicit choice. Stored in localStorage with the
 * time of the choice, so it survives visits and can be shown and changed later. Browser-safe and
 * framework-free: analytics, the consent layer and the services it starts all read it from here.
 */
export const CONSENT_KEY = 'apobote.consent';
/** Raised on window whenever this tab saves a choice (other tabs hear the storage event). */
export const CONSENT_EVENT = 'apobote:consent';
/** Bump when the categories or services change so that every visitor is asked again. */
export const CONSENT_VERSION = 1;

export type ConsentCategory = 'analytics' | 'marketing';
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ['analytics', 'marketing'];

export interface ConsentStatus {
  version: number;
  analytics: boolean;
  marketing: boolean;
  /** ISO instant of the choice. */
  decidedAt: string;
}

export type ConsentChoice = Record<ConsentCategory, boolean>;

/** A stored value of this version, or null (nothing stored, unreadable, or an older version). */
export function parseConsent(raw: string | null | undefined): ConsentStatus | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsentStatus> | null;
    if (!value || value.version !== CONSENT_VERSION) return null;
    if (typeof value.analytics !== 'boolean' || typeof value.marketing !== 'boolean') return null;
    if (typeof value.decidedAt !== 'string' || Number.isNaN(Date.parse(value.decidedAt))) return null;
    return { version: CONSENT_VERSION, analytics: value.analytics, marketing: value.marketing, decidedAt: value.decidedAt };
  } catch {
    return null;
  }
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readConsent(store: Pick<Storage, 'getItem'> | undefined = storage()): ConsentStatus | null {
  try {
    return parseConsent(store?.getItem(CONSENT_KEY));
  } catch {
    return null;
  }
}

export function hasConsent(category: ConsentCategory, store?: Pick<Storage, 'getItem'>): boolean {
  return readConsent(store ?? storage())?.[category] === true;
}

/** Stores a choice with its time and tells this tab's listeners. */
export function saveConsent(choice: ConsentChoice, now: Date = new Date(), store: Pick<Storage, 'setItem'> | undefined = storage()): ConsentStatus {
  const status: ConsentStatus = { version: CONSENT_VERSION, analytics: choice.analytics, marketing: choice.marketing, decidedAt: now.toISOString() };
  try {
    store?.setItem(CONSENT_KEY, JSON.stringify(status));
  } catch {
    // Storage refused (privacy mode): the choice holds for this page only.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: status }));
  return status;
}

/** Calls the listener with every new choice, from this tab or another one. Returns an unsubscribe. */
export function onConsentChange(listener: (status: ConsentStatus | null) => void): () => void {
  const local = (event: Event) => listener((event as CustomEvent<ConsentStatus>).detail);
  const other = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY || event.key === null) listener(parseConsent(event.newValue));
  };
  window.addEventListener(CONSENT_EVENT, local);
  window.addEventListener('storage', other);
  return () => {
    window.removeEventListener(CONSENT_EVENT, local);
    window.removeEventListener('storage', other);
  };
}
