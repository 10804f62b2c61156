import { describe, expect, it } from 'vitest';
import { searchMessages } from '../../../src/features/search/i18n/messages';
import { toSearchHit, type SearchProduct } from '../../../src/features/search/model/hit';
import { statusText } from '../../../src/features/search/model/status';
import { translator } from '../../../src/platform/i18n/messages';

const product: SearchProduct = {
  pzn: '10019621',
  name: 'Ibuprofen 400',
  slug: 'ibuprofen-400-10019621',
  brand: 'AL',
  priceCents: 599,
  wasPriceCents: 799,
  wasPriceKind: 'uvp',
  package: { label: { en: '20 tablets', de: '20 Tabletten' } },
  basePrice: null,
  imageUrl: '/images/products/10019621.svg',
  prescriptionRequired: false,
};

describe('toSearchHit', () => {
  it('picks the page language, formats prices and links the localized product page', () => {
    const de = toSearchHit(product, 'de');
    expect(de).toMatchObject({ pack: '20 Tabletten', href: '/de/shop/product/ibuprofen-400-10019621/', basePrice: null });
    expect(de.price).toMatch(/^5,99\s€$/);
    expect(de.wasPrice).toMatch(/^7,99\s€$/);
    expect(de.wasPriceKind).toBe('uvp');
    expect(toSearchHit({ ...product, wasPriceKind: null }, 'de').wasPriceKind).toBe('lowest-30-days');
    const en = toSearchHit({ ...product, wasPriceCents: 599, basePrice: { cents: 2995, per: 'l' } }, 'en');
    expect(en).toMatchObject({ pack: '20 tablets', href: '/shop/product/ibuprofen-400-10019621/', wasPrice: null, wasPriceKind: null });
    expect(en.basePrice).toEqual({ price: expect.stringMatching(/29\.95/), unit: 'l' });
  });
});

describe('statusText', () => {
  const t = translator(searchMessages, 'en');
  const view = { phase: 'done' as const, query: 'ibu', total: 3, shown: 3 };

  it('says nothing while idle and reports loading and failures', () => {
    expect(statusText({ ...view, phase: 'idle' }, t)).toBe('');
    expect(statusText({ ...view, query: '' }, t)).toBe('');
    expect(statusText({ ...view, phase: 'loading' }, t)).toBe('Searching…');
    expect(statusText({ ...view, phase: 'error' }, t)).toMatch(/not available/);
  });

  it('announces none, one, all or the best of many results', () => {
    expect(statusText({ ...view, total: 0, shown: 0 }, t)).toBe('No products found for “ibu”');
    expect(statusText({ ...view, total: 1, shown: 1 }, t)).toBe('1 product found for “ibu”.');
    expect(statusText(view, t)).toBe('3 products found for “ibu”.');
    expect(statusText({ ...view, total: 45, shown: 20 }, t)).toBe('45 products found for “ibu”, showing the best 20.');
    expect(translator(searchMessages, 'de')('countMany', { count: 3, query: 'ibu' })).toBe('3 Produkte für „ibu“ gefunden.');
  });
});
