import { randomUuid } from './session-meta';

/**
 * One Idempotency-Key per payment attempt. A double click, an automatic retry after a lost answer,
 * or a reload that sends the very same order again reuses the key, so the server answers with the
 * first result instead of charging twice. Anything that changes the attempt (another card, a
 * changed draft) starts a new one with a new key.
 *
 * The attempt is remembered in session storage by a fingerprint made only of what may be shown
 * (card id, brand, last four digits, expiry): a card number or CVC never reaches storage.
 */
export const PLACE_ATTEMPT_KEY = 'apobote.checkout.attempt';

export interface PlaceAttempt {
  orderId: string;
  fingerprint: string;
  key: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

const newKey = (): string => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomUuid());

function isAttempt(value: unknown): value is PlaceAttempt {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.orderId === 'string' && typeof record.fingerprint === 'string' && typeof record.key === 'string' && record.key.length >= 8;
}

/** What identifies an attempt; built by the caller from non-secret parts only. */
export interface AttemptParts {
  orderId: string;
  /** The saved draft in brief (amounts and delivery choice, nothing personal): changes with it. */
  draft: string;
  /** "saved:<id>", "card:<brand>:<last4>:<mm>/<yyyy>:<save>" or "none". */
  payment: string;
}

export const attemptFingerprint = (parts: AttemptParts): string => `${parts.draft}|${parts.payment}`;

export interface AttemptStore {
  /** The key for this attempt: the remembered one when nothing changed, else a new one. */
  keyFor(parts: AttemptParts): string;
  /** The attempt ended with an answer that cannot change on a retry: the next try is a new attempt. */
  finish(orderId: string): void;
}

export function createAttemptStore(store: Store | undefined = sessionStore(), createKey: () => string = newKey): AttemptStore {
  // Memory first: storage may refuse writes, and a double click must still reuse the key.
  let current: PlaceAttempt | null = null;

  const read = (): PlaceAttempt | null => {
    if (current) return current;
    try {
      const raw = store?.getItem(PLACE_ATTEMPT_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return isAttempt(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };

  const write = (attempt: PlaceAttempt | null) => {
    current = attempt;
    try {
      if (attempt) store?.setItem(PLACE_ATTEMPT_KEY, JSON.stringify(attempt));
      else store?.removeItem(PLACE_ATTEMPT_KEY);
    } catch {
      // The in-memory attempt still covers double clicks and retries on this page.
    }
  };

  return {
    keyFor(parts) {
      const fingerprint = attemptFingerprint(parts);
      const known = read();
      if (known && known.orderId === parts.orderId && known.fingerprint === fingerprint) {
        current = known;
        return known.key;
      }
      const attempt = { orderId: parts.orderId, fingerprint, key: createKey() };
      write(attempt);
      return attempt.key;
    },
    finish(orderId) {
      const known = read();
      if (!known || known.orderId === orderId) write(null);
    },
  };
}
