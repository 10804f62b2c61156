import { describe, expect, it } from 'vitest';
import { MAX_TIP_CENTS, parseEuroAmount, TIP_PRESETS_CENTS, validateTip } from '../../../src/features/checkout/model/tips';
import { errorMessages } from '../../../src/platform/http/error-codes';

describe('tips', () => {
  it('offers 0, 1, 2 and 3 € and allows up to 50 €', () => {
    expect(TIP_PRESETS_CENTS).toEqual([0, 100, 200, 300]);
    expect(MAX_TIP_CENTS).toBe(5000);
    for (const preset of TIP_PRESETS_CENTS) expect(validateTip(preset, 'courier').ok).toBe(true);
  });

  it('accepts a custom tip up to the maximum and refuses anything beyond or malformed', () => {
    expect(validateTip(5000, 'courier')).toEqual({ ok: true, value: 5000 });
    expect(validateTip(5001, 'courier')).toEqual({ ok: false, code: 'TIP_INVALID' });
    expect(validateTip(-1, 'courier').ok).toBe(false);
    expect(validateTip(1.5, 'courier').ok).toBe(false);
    expect(validateTip(Number.NaN, 'courier').ok).toBe(false);
  });

  it('tips only couriers: self-pickup and parcel take no tip', () => {
    expect(validateTip(200, 'pickup')).toEqual({ ok: false, code: 'TIP_INVALID' });
    expect(validateTip(200, 'parcel')).toEqual({ ok: false, code: 'TIP_INVALID' });
    expect(validateTip(0, 'pickup').ok).toBe(true);
  });

  it('states the maximum in the error message', () => {
    expect(errorMessages.en.TIP_INVALID).toContain(String(MAX_TIP_CENTS / 100));
    expect(errorMessages.de.TIP_INVALID).toContain(String(MAX_TIP_CENTS / 100));
  });
});

describe('parseEuroAmount', () => {
  it('reads German and English notation', () => {
    expect(parseEuroAmount('2')).toBe(200);
    expect(parseEuroAmount('2,5')).toBe(250);
    expect(parseEuroAmount('2,50')).toBe(250);
    expect(parseEuroAmount('2.50')).toBe(250);
    expect(parseEuroAmount(' € 3 ')).toBe(300);
    expect(parseEuroAmount('3 €')).toBe(300);
    expect(parseEuroAmount('0,05')).toBe(5);
  });

  it('refuses what it cannot read unambiguously', () => {
    for (const text of ['', 'abc', '-1', '2,505', '1.000,00', '2,,5']) expect(parseEuroAmount(text)).toBeNull();
  });
});
