import { describe, expect, it } from 'vitest';
import { formatNumber, formatPrice } from '../../../src/platform/i18n/format';
import { localeFromAcceptLanguage, localeFromPath, localizePath, unlocalizedPath } from '../../../src/platform/i18n/locales';
import { defineMessages, interpolate, translator } from '../../../src/platform/i18n/messages';

describe('locale paths', () => {
  it('puts German under /de and English without prefix', () => {
    expect(localizePath('/shop/product/x/', 'de')).toBe('/de/shop/product/x/');
    expect(localizePath('/de/shop/product/x/', 'en')).toBe('/shop/product/x/');
    expect(localizePath('/', 'de')).toBe('/de/');
    expect(localizePath('/de/', 'en')).toBe('/');
    expect(unlocalizedPath('/de')).toBe('/');
    expect(localeFromPath('/de/shop/')).toBe('de');
    expect(localeFromPath('/design/')).toBe('en');
  });

  it('reads the preferred supported language from Accept-Language', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.5,de;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage('fr')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});

describe('prices', () => {
  it('formats integer cents for each language', () => {
    expect(formatPrice(1299, 'de').replace(/\u00a0/g, ' ')).toBe('12,99 €');
    expect(formatPrice(1299, 'en')).toBe('€12.99');
    expect(formatPrice(123456, 'de').replace(/\u00a0/g, ' ')).toBe('1.234,56 €');
    expect(() => formatPrice(12.5, 'en')).toThrow(TypeError);
  });

  it('writes exactly what ICU writes for the shop locales, without building an Intl formatter', () => {
    const samples = [0, 1, 5, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1000000, 123456789, 100000000000, -1, -150, -123456, -100000];
    for (const locale of ['en', 'de'] as const) {
      const icu = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-DE', { style: 'currency', currency: 'EUR' });
      for (const cents of samples) expect(formatPrice(cents, locale), `${cents} ${locale}`).toBe(icu.format(cents / 100));
    }
  });

  it('writes plain numbers (distances, amounts) with the decimal mark each language reads', () => {
    expect(formatNumber(2.3, 'en')).toBe('2.3');
    expect(formatNumber(2.3, 'de')).toBe('2,3');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });
});

describe('messages', () => {
  it('interpolates placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Hello {name}, {count} items', { name: 'Ada', count: 2 })).toBe('Hello Ada, 2 items');
    expect(interpolate('Hello {name}', {})).toBe('Hello {name}');
    const t = translator(defineMessages({ hi: 'Hi {name}' }, { hi: 'Hallo {name}' }), 'de');
    expect(t('hi', { name: 'Eva' })).toBe('Hallo Eva');
  });
});
