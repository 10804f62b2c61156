import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/features/catalog/server/schema';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';
import { IBUPROFEN, INACTIVE_PZN, OLD_STYLE_PZN, seedCatalog, validPzns } from './support/fixtures';

type Result = { query: string; items: { pzn: string; name: string; slug: string; activeIngredients: { name: string }[] }[]; total: number };
type ErrorBody = { code: string; message: string };

let testDb: TestDb;
let app: ReturnType<typeof testApi>;

const text = (en: string, de: string) => ({ en, de });
const [HEADACHE, COMBI, INACTIVE_IBU, BRAND, SLEEP, ZINC_20, ZINC_50] = validPzns(7, 5_000_000) as [string, string, string, string, string, string, string];

/** Search-specific products on top of the shared fixture catalogue. */
async function seedSearchProducts(testDb: TestDb) {
  const base = {
    manufacturer: 'Test GmbH',
    priceCents: 699,
    vatRate: 19,
    packageAmount: 20,
    packageUnit: 'pcs' as const,
    packageLabel: text('20 tablets', '20 Tabletten'),
    kind: 'free-sale' as const,
    shortDescription: text('Short', 'Kurz'),
    description: text('Long', 'Lang'),
  };
  await testDb.db.insert(products).values([
    {
      ...base,
      pzn: HEADACHE,
      slug: `cephalo-${HEADACHE}`,
      name: 'Cephalo Tabletten',
      brand: 'Cephalo',
      categorySlug: 'cold-and-flu',
      imagePath: `images/products/${HEADACHE}.svg`,
      activeIngredients: [{ name: 'Acetylsalicylsäure', strength: '500 mg' }],
      indication: text('For headache and toothache.', 'Bei Kopfschmerzen und Zahnschmerzen.'),
      keywords: ['Kopfschmerzen', 'headache'],
    },
    {
      // Mentions ibuprofen only as an ingredient, not in its name: ranks after the named products.
      ...base,
      pzn: COMBI,
      slug: `grippal-combi-${COMBI}`,
      name: 'Grippal Combi',
      brand: 'Testbrand',
      categorySlug: 'cold-and-flu',
      imagePath: `images/products/${COMBI}.svg`,
      activeIngredients: [{ name: 'Ibuprofen', strength: '200 mg' }, { name: 'Pseudoephedrin', strength: '30 mg' }],
      indication: text('Cold symptoms with fever.', 'Erkältungsbeschwerden mit Fieber.'),
    },
    {
      ...base,
      pzn: INACTIVE_IBU,
      slug: `ibuprofen-old-${INACTIVE_IBU}`,
      name: 'Ibuprofen Withdrawn',
      brand: 'Testbrand',
      categorySlug: 'cold-and-flu',
      imagePath: `images/products/${INACTIVE_IBU}.svg`,
      activeIngredients: [{ name: 'Ibuprofen', strength: '400 mg' }],
      active: false,
    },
    {
      ...base,
      pzn: BRAND,
      slug: `dolorin-${BRAND}`,
      name: 'Schlaf gut Dragees',
      brand: 'Dolorin',
      categorySlug: 'first-aid',
      imagePath: `images/products/${BRAND}.svg`,
      indication: text('For trouble falling asleep.', 'Bei Einschlafstörungen.'),
      keywords: ['Schlaf'],
    },
    {
      ...base,
      pzn: SLEEP,
      slug: `schlaftee-${SLEEP}`,
      name: 'Baldrian Schlaftee',
      brand: 'Teehaus',
      categorySlug: 'first-aid',
      imagePath: `images/products/${SLEEP}.svg`,
      indication: text('Helps you sleep.', 'Hilft beim Einschlafen.'),
      keywords: ['Schlaf'],
    },
    // Two pack sizes of one product (one group, one page: slug `<group>/<pzn>`).
    ...([ZINC_20, ZINC_50] as const).map((pzn, i) => ({
      ...base,
      pzn,
      slug: `zinkorot-lutschtabletten/${pzn}`,
      name: 'Zinkorot Lutschtabletten',
      brand: 'Zinkorot',
      categorySlug: 'first-aid',
      priceCents: i === 0 ? 599 : 1199,
      packageAmount: i === 0 ? 20 : 50,
      packageLabel: i === 0 ? text('20 lozenges', '20 Lutschtabletten') : text('50 lozenges', '50 Lutschtabletten'),
      imagePath: `images/products/${pzn}.svg`,
    })),
  ]);
}

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  await seedSearchProducts(testDb);
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

const search = (params: string, init?: RequestInit) => getJson<Result>(app, `/api/shop/v1/search?${params}`, init);
const pzns = (body: Result) => body.items.map((item) => item.pzn);

describe(`GET /api/shop/v1/search (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers { query, items, total } with the product shape and a minute of public caching', async () => {
    const { status, body, response } = await search('q=ibuprofen');
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.query).toBe('ibuprofen');
    expect(body.total).toBe(body.items.length);
    expect(body.items[0]).toMatchObject({ pzn: IBUPROFEN.pzn, name: IBUPROFEN.name, imageUrl: `/images/products/${IBUPROFEN.pzn}.svg`, prescriptionRequired: false });
  });

  it('lists the pack sizes of a product once; a PZN search finds the size it names', async () => {
    const byName = (await search('q=zinkorot')).body;
    expect(byName.total).toBe(1);
    expect(byName.items).toHaveLength(1);
    expect(byName.items[0]!.slug).toMatch(/^zinkorot-lutschtabletten\/\d{8}$/);
    for (const pzn of [ZINC_20, ZINC_50]) {
      const { body } = await search(`q=${pzn}`);
      expect(body.items.map((item) => [item.pzn, item.slug])).toEqual([[pzn, `zinkorot-lutschtabletten/${pzn}`]]);
    }
  });

  it('puts products named after the query before those that only contain it', async () => {
    const { body } = await search('q=ibuprofen');
    expect(pzns(body)).toEqual([IBUPROFEN.pzn, COMBI]);
  });

  it('tolerates typos: "ibuprofn" finds the ibuprofen products, the named one first', async () => {
    for (const q of ['ibuprofn', 'ibuprfen', 'Ibuprofen%20', 'IBUPROFN']) {
      const { body } = await search(`q=${q}`);
      expect(pzns(body).slice(0, 2), q).toEqual([IBUPROFEN.pzn, COMBI]);
    }
  });

  it('stems German: "kopfschmerz", "Kopfschmerzen" and "headache" find the headache product', async () => {
    for (const q of ['kopfschmerz', 'Kopfschmerzen', 'headache', 'kopfschmerzes']) {
      const { body } = await search(`q=${encodeURIComponent(q)}`);
      expect(pzns(body)[0], q).toBe(HEADACHE);
    }
  });

  it('finds a product while its name is still being typed (prefix) and by the first letters of a word', async () => {
    expect(pzns((await search('q=cepha')).body)[0]).toBe(HEADACHE);
    expect(pzns((await search('q=baldr')).body)).toEqual([SLEEP]);
  });

  it('matches brand, active ingredient and category name (German and English)', async () => {
    expect(pzns((await search('q=dolorin')).body)).toEqual([BRAND]);
    expect(pzns((await search(`q=${encodeURIComponent('acetylsalicylsäure')}`)).body)).toEqual([HEADACHE]);
    // Umlauts are optional: "acetylsalicylsaure" is the same word.
    expect(pzns((await search('q=acetylsalicylsaure')).body)).toEqual([HEADACHE]);
    const german = await search(`q=${encodeURIComponent('Erkältung')}`);
    const english = await search('q=cold%20and%20flu');
    for (const { body } of [german, english]) {
      expect(pzns(body)).toEqual(expect.arrayContaining([IBUPROFEN.pzn, OLD_STYLE_PZN, COMBI, HEADACHE]));
    }
  });

  it('finds a product by exact PZN (and an old 7-digit one), and by a PZN prefix', async () => {
    expect(pzns((await search(`q=${IBUPROFEN.pzn}`)).body)[0]).toBe(IBUPROFEN.pzn);
    expect(pzns((await search('q=0838973')).body)[0]).toBe(OLD_STYLE_PZN);
    expect(pzns((await search(`q=${IBUPROFEN.pzn.slice(0, 5)}`)).body)).toContain(IBUPROFEN.pzn);
  });

  it('ranks the exact PZN above a name starting with the query, and that above a full-text hit', async () => {
    // "schlaf": the name "Schlaf gut Dragees" starts with it; "Baldrian Schlaftee" only matches by keyword.
    expect(pzns((await search('q=schlaf')).body)).toEqual([BRAND, SLEEP]);
  });

  it('never returns inactive products', async () => {
    const { body } = await search('q=withdrawn');
    expect(body.total).toBe(0);
    expect(pzns((await search(`q=${INACTIVE_PZN}`)).body)).toEqual([]);
    expect(pzns((await search('q=ibuprofen')).body)).not.toContain(INACTIVE_IBU);
  });

  it('weighs the texts of the requested language more (locale, or the request language)', async () => {
    // "fever": the English indication of Grippal Combi and Ibuprofen; German "Fieber" for both, too.
    const en = await search('q=fever&locale=en');
    const de = await search('q=fieber&locale=de');
    expect(pzns(en.body)).toEqual(expect.arrayContaining([COMBI]));
    expect(pzns(de.body)).toEqual(expect.arrayContaining([COMBI, IBUPROFEN.pzn]));
    const byHeader = await search('q=fieber', { headers: { 'Accept-Language': 'de-DE' } });
    expect(pzns(byHeader.body)).toEqual(pzns(de.body));
    expect((await search('q=ibuprofen&locale=fr')).status).toBe(400);
  });

  it('answers an empty result, not an error, when nothing matches', async () => {
    const { status, body } = await search('q=zzqxv');
    expect(status).toBe(200);
    expect(body).toEqual({ query: 'zzqxv', items: [], total: 0 });
    // Only punctuation: nothing to search for.
    expect((await search(`q=${encodeURIComponent('%%%')}`)).body.total).toBe(0);
  });

  it('limits results (default 20, maximum 50) while total counts every match', async () => {
    const all = await search('q=vitamin');
    expect(all.body.items).toHaveLength(20);
    expect(all.body.total).toBe(30);
    const three = await search('q=vitamin&limit=3');
    expect(three.body.items).toHaveLength(3);
    expect(three.body.total).toBe(30);
    expect((await search('q=vitamin&limit=50')).body.items).toHaveLength(30);
    for (const limit of ['0', '51', 'abc', '2.5']) expect((await search(`q=vitamin&limit=${limit}`)).status, limit).toBe(400);
  });

  it('refuses a missing or blank query with MISSING_PARAMS and a too long one with BAD_REQUEST', async () => {
    for (const params of ['', 'q=', 'q=%20%20']) {
      const { status, body, response } = await getJson<ErrorBody>(app, `/api/shop/v1/search?${params}`);
      expect(status, params).toBe(400);
      expect(body.code).toBe('MISSING_PARAMS');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const long = await getJson<ErrorBody>(app, `/api/shop/v1/search?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('BAD_REQUEST');
    // 100 characters after trimming are fine.
    expect((await search(`q=${encodeURIComponent(` ${'a'.repeat(100)} `)}`)).status).toBe(200);
  });

  it('treats SQL and tsquery syntax in the query as plain text', async () => {
    for (const q of ["ibuprofen' or 1=1 --", 'ibuprofen & !', 'a:* | b', '(ibuprofen']) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.items.every((item) => item.pzn !== INACTIVE_PZN)).toBe(true);
    }
  });

  it('is listed in the OpenAPI document', async () => {
    const { body } = await getJson<{ paths: Record<string, unknown> }>(app, '/api/openapi.json');
    expect(body.paths['/api/shop/v1/search']).toBeDefined();
  });
});

describe('search paging and suggestions', () => {
  it('pages with offset: the next results follow the first ones without overlap, total unchanged', async () => {
    const all = await search('q=vitamin&limit=50');
    expect(all.body.total).toBeGreaterThan(4);
    const first = await search('q=vitamin&limit=3');
    const next = await search('q=vitamin&limit=3&offset=3');
    expect(pzns(first.body)).toEqual(pzns(all.body).slice(0, 3));
    expect(pzns(next.body)).toEqual(pzns(all.body).slice(3, 6));
    expect(next.body.total).toBe(all.body.total);
    const past = await search(`q=vitamin&offset=${all.body.total}`);
    expect(past.body.items).toEqual([]);
    const bad = await getJson<ErrorBody>(app, '/api/shop/v1/search?q=vitamin&offset=-1');
    expect(bad.status).toBe(400);
  });

  type Suggestions = { query: string; products: { pzn: string; name: string; pack: string; href: string }[]; categories: { slug: string; name: string; href: string }[] };
  const suggest = (params: string) => getJson<Suggestions>(app, `/api/shop/v1/search/suggestions?${params}`);

  it('suggests the best products and the categories of the results, texts and links in the requested language', async () => {
    const { status, body, response } = await suggest('q=ibuprofen&locale=de');
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.products.map((p) => p.pzn)).toEqual([IBUPROFEN.pzn, COMBI]);
    expect(body.products[0]).toMatchObject({ pack: '20 Tabletten', href: expect.stringMatching(/^\/de\/shop\/product\/.+\/$/) });
    expect(body.categories).toEqual([{ slug: 'cold-and-flu', name: 'Erkältung', href: '/de/shop/category/cold-and-flu/' }]);
  });

  it('suggests a category by the beginning of its name, in either language, first', async () => {
    const { body } = await suggest('q=erste&locale=en');
    expect(body.categories[0]).toEqual({ slug: 'first-aid', name: 'First aid', href: '/shop/category/first-aid/' });
    expect(body.products.length).toBeLessThanOrEqual(6);
  });

  it('refuses an empty query with MISSING_PARAMS', async () => {
    const { status, body } = await getJson<ErrorBody>(app, '/api/shop/v1/search/suggestions?q=%20');
    expect(status).toBe(400);
    expect(body.code).toBe('MISSING_PARAMS');
  });
});
