import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import type { Catalog, Product } from '../../../src/features/catalog';
import { buildPriceList, priceListHref, priceListPharmacies, renderPriceList } from '../../../src/features/pharmacies';
import { loadCatalog } from '../../../src/features/catalog';

const NOW = new Date('2026-03-29T00:30:00Z'); // 01:30 in Berlin, the night the clocks go forward

function product(pzn: string, name: string, categorySlug: string, extra: Partial<Product> = {}): Product {
  return {
    pzn,
    name,
    brand: 'B',
    manufacturer: 'M',
    categorySlug,
    priceCents: 499,
    vatRate: 19,
    package: { amount: 100, unit: 'ml', label: { en: '100 ml spray', de: '100 ml Spray' } },
    activeIngredients: [],
    kind: 'non-medicine',
    collectInPersonOnly: false,
    shortDescription: { en: 'x', de: 'x' },
    description: { en: 'x', de: 'x' },
    keywords: [],
    ...extra,
  } as Product;
}

const catalog = {
  categories: [
    { slug: 'stomach', position: 2, name: { en: 'Stomach', de: 'Magen & Darm' }, description: { en: 'x', de: 'x' } },
    { slug: 'cold-and-flu', position: 1, name: { en: 'Cold & flu', de: 'Erkältung' }, description: { en: 'x', de: 'x' } },
    { slug: 'vitamins', position: 3, name: { en: 'Vitamins', de: 'Vitamine' }, description: { en: 'x', de: 'x' } },
  ],
  products: [
    product('10019621', 'Zinksalbe (Tube)', 'stomach', { package: { amount: 8, unit: 'g', label: { en: '8 g', de: '8 g' } } }),
    product('04877800', 'Ärztemuster Nasenspray', 'cold-and-flu'),
    product('04773414', 'Antibiotikum forte', 'cold-and-flu', { kind: 'prescription', package: { amount: 20, unit: 'pcs', label: { en: '20 tablets', de: '20 Tabletten' } } }),
    product('17377588', 'Not carried', 'vitamins'),
  ],
  pharmacies: [
    {
      id: 'berlin-test',
      name: 'Apotheke „Zum Bären“ (Mitte)',
      address: { street: 'Straße des 17. Juni', houseNumber: '12a', postalCode: '10623', city: 'Berlin' },
      phone: '+49301234567',
      hasPdfPriceList: true,
    },
    { id: 'other', name: 'Other', address: { street: 'S', houseNumber: '1', postalCode: '10115', city: 'Berlin' }, phone: '+49301', hasPdfPriceList: false },
  ],
  popularSearches: [],
  stock: [
    { pharmacyId: 'berlin-test', pzn: '10019621', quantity: 3 },
    { pharmacyId: 'berlin-test', pzn: '04877800', quantity: 0 },
    { pharmacyId: 'berlin-test', pzn: '04773414', quantity: 9 },
    { pharmacyId: 'other', pzn: '17377588', quantity: 9 },
  ],
} as unknown as Catalog;

/** Every content stream of the file, inflated. */
function contents(pdf: Uint8Array): string {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/\/Filter \/FlateDecode \/Length (\d+) >>\nstream\n/g)]
    .map((match) => {
      const from = match.index + match[0].length;
      return inflateSync(Buffer.from(pdf.slice(from, from + Number(match[1])))).toString('latin1');
    })
    .join('\n');
}

describe('buildPriceList', () => {
  it('lists what the pharmacy carries (also sold out today) by category order, then name', () => {
    const list = buildPriceList(catalog, 'berlin-test', 'de', NOW);
    expect(list.groups.map((group) => [group.category, group.rows.map((row) => row.pzn)])).toEqual([
      ['Erkältung', ['04773414', '04877800']],
      ['Magen & Darm', ['10019621']],
    ]);
    expect(list.pharmacy).toEqual({ id: 'berlin-test', name: 'Apotheke „Zum Bären“ (Mitte)', addressLine: 'Straße des 17. Juni 12a, 10623 Berlin', phone: '+49301234567' });
    expect(list.asOf).toBe('29. März 2026');
  });

  it('marks Rx, gives a base price per 1 l or 1 kg only where PAngV wants one, and uses the pack label of the language', () => {
    const rows = buildPriceList(catalog, 'berlin-test', 'en', NOW).groups.flatMap((group) => group.rows);
    const byPzn = Object.fromEntries(rows.map((row) => [row.pzn, row]));
    expect(byPzn['04773414']).toMatchObject({ prescription: true, basePrice: null, pack: '20 tablets' });
    expect(byPzn['04877800']).toMatchObject({ prescription: false, basePrice: { cents: 4990, per: 'l' }, pack: '100 ml spray' });
    // 8 g is under the 10 g threshold: no base price.
    expect(byPzn['10019621']).toMatchObject({ basePrice: null });
  });

  it('publishes lists only for the flagged pharmacies', () => {
    expect(priceListPharmacies(catalog).map((pharmacy) => pharmacy.id)).toEqual(['berlin-test']);
    expect(() => buildPriceList(catalog, 'nowhere', 'en', NOW)).toThrow(/unknown pharmacy/);
  });

  it('serves each list under both languages’ paths', () => {
    expect(priceListHref('berlin-test', 'en')).toBe('/shop/pharmacies/berlin-test/price-list.pdf');
    expect(priceListHref('berlin-test', 'de')).toBe('/de/shop/pharmacies/berlin-test/price-list.pdf');
  });
});

describe('renderPriceList', () => {
  it('prints header, notes, categories, Rx marks and right-aligned prices in WinAnsi', () => {
    const pdf = renderPriceList(buildPriceList(catalog, 'berlin-test', 'de', NOW), NOW);
    expect(Buffer.from(pdf.slice(0, 8)).toString('latin1')).toBe('%PDF-1.4');
    const text = contents(pdf);
    expect(text).toContain('(Preisliste) Tj');
    expect(text).toContain('(Apotheke \\204Zum B\\344ren\\223 \\(Mitte\\)) Tj');
    expect(text).toContain('(Stra\\337e des 17. Juni 12a, 10623 Berlin) Tj');
    expect(text).toContain('(Stand: 29. M\\344rz 2026) Tj');
    expect(text).toMatch(/\(Alle Preise in Euro inkl\. gesetzlicher MwSt\./);
    expect(text).toContain('(Magen & Darm) Tj');
    expect(text).toContain('(Rx) Tj');
    // formatPrice puts a no-break space (WinAnsi 0xA0, octal 240) before the euro sign.
    expect(text).toContain('(49,90\\240\\200 / 1 l) Tj');
    expect(text).toContain('(4,99\\240\\200) Tj');
    expect(text).toContain('(Seite 1 von 1) Tj');
  });

  it('runs over several pages for the demo pharmacies, numbering every page', async () => {
    const demo = await loadCatalog();
    const [first] = priceListPharmacies(demo);
    const pdf = renderPriceList(buildPriceList(demo, first!.id, 'en', NOW), NOW);
    const text = contents(pdf);
    const pages = Number(/\/Count (\d+)/.exec(Buffer.from(pdf).toString('latin1'))?.[1]);
    expect(pages).toBeGreaterThan(3);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`(Page ${page} of ${pages}) Tj`);
    expect(priceListPharmacies(demo)).toHaveLength(16);
  });
});
