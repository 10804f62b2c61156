import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { ERROR_TEXTS_AT_HAND } from '../../../src/platform/http/error-texts-at-hand';

// A fresh copy of the module each time: the catalogue, once loaded, stays loaded for the page.
const fresh = async () => {
  vi.resetModules();
  return import('../../../src/platform/api-client/error-text');
};

describe('the error catalogue in the browser (loaded on demand)', () => {
  beforeEach(() => vi.resetModules());

  it('words GENERIC_ERROR and PHARMACY_CLOSED before the catalogue arrives, exactly as the catalogue does', async () => {
    const { errorCodeText, $errorCatalogue } = await fresh();
    expect($errorCatalogue.get()).toBeNull();
    for (const locale of ['en', 'de'] as const) {
      expect(errorCodeText('GENERIC_ERROR', locale)).toBe(errorMessages[locale].GENERIC_ERROR);
      expect(errorCodeText('PHARMACY_CLOSED', locale)).toBe(errorMessages[locale].PHARMACY_CLOSED);
    }
    expect(ERROR_TEXTS_AT_HAND.de.GENERIC_ERROR).toBe(errorMessages.de.GENERIC_ERROR);
  });

  it('answers other codes with nothing until the catalogue has arrived, and asks for it', async () => {
    const { errorCodeText, $errorCatalogue, loadErrorCatalogue } = await fresh();
    expect(errorCodeText('SOLD_OUT', 'de')).toBe('');
    await loadErrorCatalogue();
    expect($errorCatalogue.get()).not.toBeNull();
    expect(errorCodeText('SOLD_OUT', 'de')).toBe(errorMessages.de.SOLD_OUT);
    expect(errorCodeText('SOLD_OUT', 'en')).toBe(errorMessages.en.SOLD_OUT);
  });

  it('shows an unknown code as GENERIC_ERROR once the catalogue is there (spec §8)', async () => {
    const { errorCodeText, knownErrorCode, loadErrorCatalogue } = await fresh();
    await loadErrorCatalogue();
    expect(errorCodeText('NO_SUCH_CODE', 'en')).toBe(errorMessages.en.GENERIC_ERROR);
    expect(knownErrorCode('NO_SUCH_CODE')).toBe('GENERIC_ERROR');
    expect(knownErrorCode(42)).toBe('GENERIC_ERROR');
  });

  it('tells a code from a text by its shape before the catalogue arrives, and by the catalogue after', async () => {
    const { isKnownErrorCode, loadErrorCatalogue } = await fresh();
    expect(isKnownErrorCode('SOLD_OUT')).toBe(true);
    expect(isKnownErrorCode('Sold out')).toBe(false);
    expect(isKnownErrorCode('Die Apotheke ist geschlossen.')).toBe(false);
    expect(isKnownErrorCode('NO_SUCH_CODE')).toBe(true);
    await loadErrorCatalogue();
    expect(isKnownErrorCode('NO_SUCH_CODE')).toBe(false);
    expect(isKnownErrorCode('SOLD_OUT')).toBe(true);
  });
});
