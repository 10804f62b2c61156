import { describe, expect, it } from 'vitest';
import { absoluteUrl, breadcrumbJsonLd, centsToDecimal, productJsonLd, truncateDescription } from '../../../src/features/catalog/model/seo';
import { product } from './fixtures';

describe('prices in structured data', () => {
  it('are plain decimals with a dot and two places', () => {
    expect(centsToDecimal(1299)).toBe('12.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1000)).toBe('10.00');
    expect(() => centsToDecimal(12.5)).toThrow(TypeError);
  });
});

describe('Product JSON-LD', () => {
  const ibuprofen = product({
    pzn: '10019621',
    name: 'Ibuprofen 400 akut',
    brand: 'Acme',
    priceCents: 349,
    kind: 'pharmacy-only',
    shortDescription: { en: 'For pain and fever.', de: 'Bei Schmerzen und Fieber.' },
  });
  const ld = productJsonLd({
    product: ibuprofen,
    locale: 'de',
    url: 'https://apobote.example/de/shop/product/ibuprofen-400-akut-10019621/',
    image: 'https://apobote.example/images/products/10019621.svg',
    categoryName: 'Erkältung & Grippe',
  });

  it('names the product with PZN as sku, its brand and the description in the page language', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ibuprofen 400 akut',
      sku: '10019621',
      image: 'https://apobote.example/images/products/10019621.svg',
      brand: { '@type': 'Brand', name: 'Acme' },
      description: 'Bei Schmerzen und Fieber.',
      category: 'Erkältung & Grippe',
    });
  });

  it('offers it in euros at a decimal-string price, in stock, at the page URL', () => {
    expect(ld.offers).toEqual(
      expect.objectContaining({
        '@type': 'Offer',
        price: '3.49',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: 'https://apobote.example/de/shop/product/ibuprofen-400-akut-10019621/',
      }),
    );
  });

  it('makes no offer for a prescription-only medicine (shown, never advertised for sale)', () => {
    const rx = productJsonLd({ product: { ...ibuprofen, kind: 'prescription' }, locale: 'en', url: 'https://x/', image: 'https://x/i.svg' });
    expect(rx).toMatchObject({ '@type': 'Product', sku: '10019621' });
    expect('offers' in rx).toBe(false);
  });

  it('names a struck price in the offer: the UVP as list price, the 30-day low as strikethrough price', () => {
    const offer = (extra: Partial<Parameters<typeof product>[0]>) =>
      (productJsonLd({ product: { ...ibuprofen, ...extra }, locale: 'en', url: 'https://x/', image: 'https://x/i.svg' }).offers as Record<string, unknown>)
        .priceSpecification;
    expect(offer({ wasPriceCents: 499, wasPriceKind: 'uvp' })).toEqual({
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/ListPrice',
      price: '4.99',
      priceCurrency: 'EUR',
    });
    expect(offer({ wasPriceCents: 499, wasPriceKind: 'lowest-30-days' })).toMatchObject({ priceType: 'https://schema.org/StrikethroughPrice' });
    expect(offer({})).toBeUndefined();
  });

  it('survives a JSON round trip unchanged (no undefined fields)', () => {
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
    const withoutCategory = productJsonLd({ product: ibuprofen, locale: 'en', url: 'https://x/', image: 'https://x/i.svg' });
    expect('category' in withoutCategory).toBe(false);
  });
});

describe('BreadcrumbList JSON-LD', () => {
  it('numbers the crumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: 'https://x/shop/' },
        { name: 'Vitamins', url: 'https://x/shop/category/vitamins/' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x/shop/' },
        { '@type': 'ListItem', position: 2, name: 'Vitamins', item: 'https://x/shop/category/vitamins/' },
      ],
    });
  });
});

describe('meta descriptions and URLs', () => {
  it('keeps short texts and cuts long ones at a word', () => {
    expect(truncateDescription('  Short   text. ')).toBe('Short text.');
    const long = 'word '.repeat(60);
    const cut = truncateDescription(long);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('resolves site paths against the configured site', () => {
    expect(absoluteUrl('/de/shop/', new URL('https://apobote.example'))).toBe('https://apobote.example/de/shop/');
    expect(absoluteUrl('/shop/', undefined)).toBe('http://localhost:4321/shop/');
  });
});
