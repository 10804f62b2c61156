import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { basePrice } from '../../../src/features/catalog/model/base-price';
import { isMedicine, WEEKDAYS, type Catalog, type Product } from '../../../src/features/catalog/model/catalog-schema';
import { loadCatalog, productSlug } from '../../../src/features/catalog/model/load-catalog';
import { isValidPzn } from '../../../src/features/catalog/model/pzn';

const SPEC_ORDER = [
  'cold-and-flu',
  'first-aid',
  'beauty',
  'women',
  'family',
  'men',
  'eyes-nose-ears',
  'skin-hair-nails',
  'stomach',
  'oral-care',
  'sleep-and-nerves',
  'vitamins',
  'plant-based',
  'alternative-medicine',
  'cardio',
  'tests-and-devices',
  'home-pharmacy',
  'lifestyle',
  'seasonal',
];

// Domain rules: the PLZ ranges, and generous bounding boxes around each city.
const CITIES: Record<string, { plz: [number, number]; lat: [number, number]; lng: [number, number] }> = {
  Berlin: { plz: [10115, 14199], lat: [52.33, 52.68], lng: [13.08, 13.77] },
  Hamburg: { plz: [20095, 22769], lat: [53.39, 53.74], lng: [9.73, 10.33] },
  München: { plz: [80331, 81929], lat: [48.06, 48.25], lng: [11.36, 11.73] },
  Köln: { plz: [50667, 51149], lat: [50.83, 51.09], lng: [6.77, 7.17] },
  'Frankfurt am Main': { plz: [60308, 60599], lat: [50.01, 50.23], lng: [8.47, 8.81] },
};

let catalog: Catalog;
beforeAll(async () => {
  catalog = await loadCatalog(path.resolve('catalog'));
});

const text = (product: Product) =>
  [
    product.name,
    product.brand,
    ...product.keywords,
    ...product.activeIngredients.map((ingredient) => ingredient.name),
    product.indication?.en,
    product.indication?.de,
    product.shortDescription.en,
    product.shortDescription.de,
  ]
    .join(' ')
    .toLowerCase();

describe('demo catalogue', () => {
  it('has the 19 categories of spec §2 in order, named in both languages', () => {
    expect(catalog.categories.map((category) => category.slug)).toEqual(SPEC_ORDER);
    expect(catalog.categories.map((category) => category.position)).toEqual(SPEC_ORDER.map((_, index) => index));
  });

  it('has at least 400 products and at least 12 per category', () => {
    expect(catalog.products.length).toBeGreaterThanOrEqual(400);
    for (const slug of SPEC_ORDER) {
      expect(catalog.products.filter((product) => product.categorySlug === slug).length, slug).toBeGreaterThanOrEqual(12);
    }
  });

  it('has unique, valid PZNs and unique slugs', () => {
    const pzns = catalog.products.map((product) => product.pzn);
    expect(pzns.every(isValidPzn)).toBe(true);
    expect(new Set(pzns).size).toBe(pzns.length);
    expect(new Set(catalog.products.map(productSlug)).size).toBe(pzns.length);
  });

  it('mixes every kind of product, and medicine records are complete', () => {
    const kinds = new Map<string, number>();
    for (const product of catalog.products) kinds.set(product.kind, (kinds.get(product.kind) ?? 0) + 1);
    expect(kinds.get('prescription')).toBeGreaterThanOrEqual(10);
    expect(kinds.get('pharmacy-only')).toBeGreaterThanOrEqual(100);
    expect(kinds.get('free-sale')).toBeGreaterThanOrEqual(5);
    expect(kinds.get('non-medicine')).toBeGreaterThanOrEqual(100);
    for (const product of catalog.products.filter((p) => isMedicine(p.kind))) {
      expect(product.dosageForm, product.name).toBeDefined();
      expect(product.indication, product.name).toBeDefined();
      expect(product.activeIngredients.length, product.name).toBeGreaterThan(0);
    }
  });

  it('has written descriptions: a short one and a long one of 2-4 sentences in both languages', () => {
    for (const product of catalog.products) {
      for (const locale of ['en', 'de'] as const) {
        const sentences = product.description[locale].split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ0-9])/);
        expect(sentences.length, `${product.name} (${locale})`).toBeGreaterThanOrEqual(2);
        expect(sentences.length, `${product.name} (${locale})`).toBeLessThanOrEqual(4);
        expect(product.shortDescription[locale].length).toBeGreaterThan(15);
      }
    }
  });

  it('prices: VAT 19 and 7, base prices for g/ml packs, none for pieces, struck prices on about 10 %', () => {
    expect(catalog.products.some((p) => p.vatRate === 7)).toBe(true);
    expect(catalog.products.some((p) => p.vatRate === 19)).toBe(true);
    expect(catalog.products.filter((p) => p.package.unit !== 'pcs' && basePrice(p.priceCents, p.package.amount, p.package.unit)).length).toBeGreaterThan(50);
    expect(catalog.products.filter((p) => p.package.unit === 'pcs').length).toBeGreaterThan(100);
    const struck = catalog.products.filter((p) => p.wasPriceCents !== undefined);
    expect(struck.length / catalog.products.length).toBeGreaterThan(0.05);
    expect(struck.length / catalog.products.length).toBeLessThan(0.2);
    expect(struck.every((p) => p.kind !== 'prescription' && p.wasPriceCents! > p.priceCents)).toBe(true);
  });

  it('has several ibuprofen products and products for headache', () => {
    expect(catalog.products.filter((p) => /ibuprofen/i.test(p.name)).length).toBeGreaterThanOrEqual(5);
    const headache = catalog.products.filter((p) => /kopfschmerz|headache/i.test(`${p.indication?.de} ${p.indication?.en}`));
    expect(headache.length).toBeGreaterThanOrEqual(5);
  });

  it('marks emergency contraceptives collect-in-person only', () => {
    const emergency = catalog.products.filter((p) => p.activeIngredients.some((a) => /levonorgestrel|ulipristal/i.test(a.name)));
    expect(emergency.length).toBeGreaterThan(0);
    expect(emergency.every((p) => p.collectInPersonOnly)).toBe(true);
  });

  it('has 21 popular searches, each matching a few products in both languages', () => {
    expect(catalog.popularSearches).toHaveLength(21);
    for (const search of catalog.popularSearches) {
      for (const locale of ['en', 'de'] as const) {
        const term = search.term[locale].toLowerCase();
        const hits = catalog.products.filter((product) => text(product).includes(term));
        expect(hits.length, `${search.slug} (${locale}: ${term})`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe('demo pharmacies', () => {
  it('has at least 20 partner pharmacies, at least 3 in each of the five cities, inside the city', () => {
    expect(catalog.pharmacies.length).toBeGreaterThanOrEqual(20);
    for (const [city, bounds] of Object.entries(CITIES)) {
      const inCity = catalog.pharmacies.filter((pharmacy) => pharmacy.address.city === city);
      expect(inCity.length, city).toBeGreaterThanOrEqual(3);
      for (const pharmacy of inCity) {
        const plz = Number(pharmacy.address.postalCode);
        expect(plz, pharmacy.id).toBeGreaterThanOrEqual(bounds.plz[0]);
        expect(plz, pharmacy.id).toBeLessThanOrEqual(bounds.plz[1]);
        expect(pharmacy.location.lat, pharmacy.id).toBeGreaterThan(bounds.lat[0]);
        expect(pharmacy.location.lat, pharmacy.id).toBeLessThan(bounds.lat[1]);
        expect(pharmacy.location.lng, pharmacy.id).toBeGreaterThan(bounds.lng[0]);
        expect(pharmacy.location.lng, pharmacy.id).toBeLessThan(bounds.lng[1]);
        for (const code of pharmacy.deliveryZone.postalCodes) {
          expect(code, pharmacy.id).toMatch(/^\d{5}$/);
          expect(Number(code), `${pharmacy.id} ${code}`).toBeGreaterThanOrEqual(bounds.plz[0]);
          expect(Number(code), `${pharmacy.id} ${code}`).toBeLessThanOrEqual(bounds.plz[1]);
        }
      }
    }
    expect(catalog.pharmacies.every((pharmacy) => pharmacy.address.city in CITIES)).toBe(true);
  });

  it('opens 08:00-22:00 every day, exactly one until 23:00', () => {
    const late = catalog.pharmacies.filter((pharmacy) => WEEKDAYS.some((day) => pharmacy.openingHours[day].some((slot) => slot.closes === '23:00')));
    expect(late).toHaveLength(1);
    for (const pharmacy of catalog.pharmacies) {
      const closes = pharmacy === late[0] ? '23:00' : '22:00';
      for (const day of WEEKDAYS) expect(pharmacy.openingHours[day], `${pharmacy.id} ${day}`).toEqual([{ opens: '08:00', closes }]);
    }
  });

  it('has at least 2 self-pickup-only pharmacies, parcel on some, exactly 16 PDF price lists', () => {
    const pickupOnly = catalog.pharmacies.filter((pharmacy) => pharmacy.selfPickupOnly);
    expect(pickupOnly.length).toBeGreaterThanOrEqual(2);
    expect(pickupOnly.every((pharmacy) => pharmacy.deliveryOptions.join() === 'pickup')).toBe(true);
    expect(catalog.pharmacies.filter((pharmacy) => pharmacy.deliveryOptions.includes('parcel')).length).toBeGreaterThan(0);
    expect(catalog.pharmacies.filter((pharmacy) => pharmacy.hasPdfPriceList)).toHaveLength(16);
    expect(catalog.pharmacies.every((pharmacy) => /^\+49\d+$/.test(pharmacy.phone))).toBe(true);
  });
});

describe('demo stock', () => {
  it('has plenty, some sold out and some low stock, and every product is stocked somewhere', () => {
    const quantities = catalog.stock.map((row) => row.quantity);
    expect(quantities.filter((q) => q === 0).length).toBeGreaterThan(50);
    expect(quantities.filter((q) => q >= 1 && q <= 3).length).toBeGreaterThan(50);
    expect(quantities.filter((q) => q >= 5).length / quantities.length).toBeGreaterThan(0.8);
    const stocked = new Set(catalog.stock.filter((row) => row.quantity > 0).map((row) => row.pzn));
    expect(catalog.products.filter((product) => !stocked.has(product.pzn))).toEqual([]);
  });
});
