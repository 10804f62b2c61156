import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';
import { IBUPROFEN, INACTIVE_PZN, OLD_STYLE_PZN, PAGED_CATEGORY, PAGED_COUNT, RX_PZN, seedCatalog, UNKNOWN_VALID_PZN } from './support/fixtures';

type Page = { items: { pzn: string; name: string; categorySlug: string }[]; page: number; pageSize: number; total: number };
type ErrorBody = { code: string; message: string };

let testDb: TestDb;
let app: ReturnType<typeof testApi>;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

const V1 = '/api/shop/v1';

describe('GET /api/shop/v1/categories', () => {
  it('lists categories by position with both languages and active product counts', async () => {
    const { status, body, response } = await getJson<{ items: Record<string, unknown>[] }>(app, `${V1}/categories`);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(body.items.map((c) => c.slug)).toEqual(['first-aid', 'cold-and-flu', PAGED_CATEGORY, 'empty-category']);
    expect(body.items[1]).toEqual({
      slug: 'cold-and-flu',
      position: 1,
      name: { en: 'Cold and flu', de: 'Erkältung' },
      description: { en: 'Coughs', de: 'Husten' },
      // Ibuprofen, syrup and the Rx product; the inactive one is not counted.
      productCount: 3,
    });
    expect(body.items.map((c) => c.productCount)).toEqual([1, 3, PAGED_COUNT, 0]);
  });
});

describe('GET /api/shop/v1/products', () => {
  it('pages through a category by name with the default page size of 24', async () => {
    const first = await getJson<Page>(app, `${V1}/products?category=${PAGED_CATEGORY}`);
    expect(first.status).toBe(200);
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(first.body).toMatchObject({ page: 1, pageSize: 24, total: PAGED_COUNT });
    expect(first.body.items).toHaveLength(24);
    expect(first.body.items[0]?.name).toBe('Vitamin 01');
    const second = await getJson<Page>(app, `${V1}/products?category=${PAGED_CATEGORY}&page=2`);
    expect(second.body.items.map((p) => p.name)).toEqual(['Vitamin 25', 'Vitamin 26', 'Vitamin 27', 'Vitamin 28', 'Vitamin 29', 'Vitamin 30']);
  });

  it('answers a page past the end with no items and the real total', async () => {
    const { status, body } = await getJson<Page>(app, `${V1}/products?category=${PAGED_CATEGORY}&page=4&pageSize=10`);
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], page: 4, pageSize: 10, total: PAGED_COUNT });
  });

  it('accepts the page size bounds 1 and 100', async () => {
    const one = await getJson<Page>(app, `${V1}/products?pageSize=1&page=3`);
    expect(one.body.items).toHaveLength(1);
    expect(one.body.total).toBe(PAGED_COUNT + 4);
    const hundred = await getJson<Page>(app, `${V1}/products?pageSize=100`);
    expect(hundred.status).toBe(200);
    expect(hundred.body.items).toHaveLength(PAGED_COUNT + 4);
  });

  it('lists only active products, ordered by name, across categories', async () => {
    const { body } = await getJson<Page>(app, `${V1}/products?pageSize=100`);
    const names = body.items.map((p) => p.name);
    expect(names).not.toContain('Withdrawn Test');
    expect(body.items.map((p) => p.pzn)).not.toContain(INACTIVE_PZN);
    expect(names.slice(0, 4)).toEqual(['Antibiotic Rx Test', 'Cough Syrup Test', IBUPROFEN.name, 'Plaster Test']);
  });

  it('filters by category', async () => {
    const { body } = await getJson<Page>(app, `${V1}/products?category=cold-and-flu`);
    expect(body.total).toBe(3);
    expect(new Set(body.items.map((p) => p.categorySlug))).toEqual(new Set(['cold-and-flu']));
  });

  it('answers an existing category without products with an empty page', async () => {
    const { status, body } = await getJson<Page>(app, `${V1}/products?category=empty-category`);
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], page: 1, pageSize: 24, total: 0 });
  });

  it('answers 404 NOT_FOUND for an unknown category', async () => {
    const { status, body, response } = await getJson<ErrorBody>(app, `${V1}/products?category=no-such-category`);
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=1.5',
    'page=',
    'pageSize=0',
    'pageSize=101',
    'pageSize=ten',
    'pageSize=',
    'category=',
    `category=${'x'.repeat(101)}`,
  ])('answers 400 BAD_REQUEST for ?%s', async (query) => {
    const { status, body, response } = await getJson<ErrorBody>(app, `${V1}/products?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'BAD_REQUEST', message: 'Something went wrong, please try again later.' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/shop/v1/products/{pzn}', () => {
  it('answers the full product', async () => {
    const { status, body, response } = await getJson<Record<string, unknown>>(app, `${V1}/products/${IBUPROFEN.pzn}`);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body).toEqual({
      pzn: IBUPROFEN.pzn,
      name: IBUPROFEN.name,
      slug: `ibuprofen-400-test-${IBUPROFEN.pzn}`,
      brand: 'Testbrand',
      manufacturer: 'Test GmbH',
      categorySlug: 'cold-and-flu',
      priceCents: 599,
      wasPriceCents: 799,
      wasPriceKind: 'uvp',
      vatRate: 19,
      package: { amount: 20, unit: 'pcs', label: { en: '20 tablets', de: '20 Tabletten' } },
      basePrice: null,
      dosageForm: { en: 'Film-coated tablet', de: 'Filmtablette' },
      activeIngredients: [{ name: 'Ibuprofen', strength: '400 mg' }],
      kind: 'pharmacy-only',
      indication: { en: 'Pain and fever', de: 'Schmerzen und Fieber' },
      collectInPersonOnly: false,
      shortDescription: { en: 'Short', de: 'Kurz' },
      description: { en: 'Long', de: 'Lang' },
      imageUrl: `/images/products/${IBUPROFEN.pzn}.svg`,
      prescriptionRequired: false,
    });
  });

  it('computes the base price per litre and keeps absolute image paths', async () => {
    const { body } = await getJson<Record<string, unknown>>(app, `${V1}/products/${OLD_STYLE_PZN}`);
    // 8.50 € for 200 ml → 42.50 € per litre (PAngV).
    expect(body.basePrice).toEqual({ cents: 4250, per: 'l' });
    expect(body.wasPriceCents).toBeNull();
    expect(body.wasPriceKind).toBeNull();
    expect(body.dosageForm).toBeNull();
    expect(body.imageUrl).toBe('/images/custom/syrup.png');
  });

  it('accepts an old 7-digit PZN and answers under its 8-digit form', async () => {
    const { status, body } = await getJson<{ pzn: string }>(app, `${V1}/products/${OLD_STYLE_PZN.slice(1)}`);
    expect(status).toBe(200);
    expect(body.pzn).toBe(OLD_STYLE_PZN);
  });

  it('marks prescription products', async () => {
    const { body } = await getJson<{ prescriptionRequired: boolean; kind: string }>(app, `${V1}/products/${RX_PZN}`);
    expect(body).toMatchObject({ kind: 'prescription', prescriptionRequired: true });
  });

  it.each(['10019622', '11111111', '1234', 'abcdefgh', '100196210', '1001962a'])('answers 400 BAD_REQUEST for the invalid PZN %s', async (pzn) => {
    const { status, body } = await getJson<ErrorBody>(app, `${V1}/products/${pzn}`);
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST');
  });

  it('answers 404 NOT_FOUND for a valid but unknown PZN, and for a withdrawn product', async () => {
    for (const pzn of [UNKNOWN_VALID_PZN, INACTIVE_PZN]) {
      const { status, body } = await getJson<ErrorBody>(app, `${V1}/products/${pzn}`, { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'NOT_FOUND', message: 'Die angeforderte Ressource wurde nicht gefunden.' });
    }
  });
});

describe('GET /api/shop/v1/popular-searches', () => {
  it('lists the 21 terms by position', async () => {
    const { status, body, response } = await getJson<{ items: { slug: string; term: { en: string; de: string } }[] }>(app, `${V1}/popular-searches`);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.items).toHaveLength(21);
    expect(body.items[0]).toEqual({ slug: 'term-21', term: { en: 'Term 21', de: 'Begriff 21' } });
    expect(body.items.at(-1)?.slug).toBe('term-01');
  });
});
