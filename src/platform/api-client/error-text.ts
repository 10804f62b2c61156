import { atom } from 'nanostores';
import type { errorMessages as Catalogue, ErrorCode } from '../http/error-codes';
import { ERROR_TEXTS_AT_HAND } from '../http/error-texts-at-hand';
import type { Locale } from '../i18n/locales';

/*
 * The error catalogue in the browser (issue 30's "the error catalogue … only when needed"). Both
 * languages of every code are 6 KB gzip, and a page shows one of them only after something went
 * wrong, so the catalogue is a chunk of its own: asked for at the visitor's first key, touch or
 * focus, and by every failed call before it words its Problem. The server words most errors
 * itself; the catalogue words client checks and codes the server left unworded.
 */

type Catalogue = typeof Catalogue;

/** The catalogue once loaded; islands that show codes re-render when it arrives (useErrorCatalogue). */
export const $errorCatalogue = atom<Catalogue | null>(null);

let loading: Promise<Catalogue> | undefined;

export function loadErrorCatalogue(): Promise<Catalogue> {
  loading ??= import('../http/error-codes').then(
    ({ errorMessages }) => {
      $errorCatalogue.set(errorMessages);
      return errorMessages;
    },
    (error: unknown) => {
      // A chunk that failed to load (offline for a moment) may load on the next try.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}


/** A code's text in the page language; '' (and the catalogue asked for) while it is not loaded yet. */
export function errorCodeText(code: string, locale: Locale): string {
  const catalogue = $errorCatalogue.get();
  if (!catalogue) {
    const atHand: Readonly<Record<string, string>> = ERROR_TEXTS_AT_HAND[locale];
    if (Object.hasOwn(atHand, code)) return atHand[code]!;
    void loadErrorCatalogue().catch(() => undefined);
    return '';
  }
  const table = catalogue[locale];
  return Object.hasOwn(table, code) ? table[code as ErrorCode] : table.GENERIC_ERROR;
}

/**
 * Whether a value is a catalogue code. Before the catalogue is loaded, by its shape: codes are
 * upper-case words joined by underscores, texts never are.
 */
export function isKnownErrorCode(value: unknown): value is ErrorCode {
  if (typeof value !== 'string') return false;
  const catalogue = $errorCatalogue.get();
  return catalogue ? Object.hasOwn(catalogue.en, value) : /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(value);
}

/** Clients show anything they do not know as GENERIC_ERROR (spec §8). */
export function knownErrorCode(value: unknown): ErrorCode {
  return isKnownErrorCode(value) ? value : 'GENERIC_ERROR';
}

if (typeof document !== 'undefined') {
  const early = () => void loadErrorCatalogue().catch(() => undefined);
  for (const type of ['keydown', 'pointerdown', 'focusin']) document.addEventListener(type, early, { capture: true, once: true, passive: true });
}
