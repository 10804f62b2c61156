import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../src/features/catalog/server/schema';
import { stock } from '../../src/features/pharmacies/server/schema';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';
import { PHARMACY, seedCatalog, seedPharmacies, validPzns } from './support/fixtures';

type Page = {
  items: { pzn: string; name: string; brand: string; priceCents: number }[];
  page: number;
  pageSize: number;
  total: number;
  facets: { brands: string[]; forms: string[]; kinds: string[] };
};
type ErrorBody = { code: string };

let testDb: TestDb;
let app: ReturnType<typeof testApi>;

const text = (en: string, de: string) => ({ en, de });
const CATEGORY = 'wound-care';
const PZNS = validPzns(7, 6_000_000);

/**
 * A category of seven products whose order differs by each sort: price, price per unit (the 250 ml
 * bottle is dearest per pack but cheapest per litre) and name; two brands, two dosage forms, three kinds.
 */
const SEEDED = [
  { name: 'Arnika Salbe', brand: 'Heilwohl', priceCents: 899, amount: 50, unit: 'g' as const, form: text('Ointment', 'Salbe'), kind: 'free-sale' as const },
  { name: 'Bepanthen Wundcreme', brand: 'Bayer', priceCents: 1299, amount: 100, unit: 'g' as const, form: text('Cream', 'Creme'), kind: 'pharmacy-only' as const },
  { name: 'Calendula Gel', brand: 'Heilwohl', priceCents: 499, amount: 20, unit: 'g' as const, form: text('Ointment', 'Salbe'), kind: 'free-sale' as const },
  { name: 'Desinfektion Spray', brand: 'Bayer', priceCents: 1500, amount: 250, unit: 'ml' as const, form: null, kind: 'non-medicine' as const },
  { name: 'Elastische Binde', brand: 'Heilwohl', priceCents: 1000, amount: 1, unit: 'pcs' as const, form: null, kind: 'non-medicine' as const },
  { name: 'Fingerpflaster', brand: 'Bayer', priceCents: 1001, amount: 20, unit: 'pcs' as const, form: null, kind: 'non-medicine' as const },
  { name: 'Gelkompresse', brand: 'Heilwohl', priceCents: 350, amount: 1, unit: 'pcs' as const, form: null, kind: 'non-medicine' as const },
].map((p, i) => ({ ...p, pzn: PZNS[i]! }));
const pznOf = (name: string) => SEEDED.find((p) => p.name === name)!.pzn;

/**
 * A category with one product of three pack sizes and one without: the group's page (and so its card
 * on the prebuilt category page) opens with its first size in the files, group position 0, which is
 * neither its cheapest nor its lowest PZN.
 */
const GROUP_CATEGORY = 'compresses';
const GROUP_PZNS = validPzns(4, 6_100_000);
const GROUPED = [
  { pzn: GROUP_PZNS[2]!, name: 'Sterile Kompressen', brand: 'Medimed', group: 'sterile-kompressen', groupPosition: 0, priceCents: 800, amount: 25, form: null },
  { pzn: GROUP_PZNS[0]!, name: 'Sterile Kompressen', brand: 'Medimed', group: 'sterile-kompressen', groupPosition: 1, priceCents: 300, amount: 10, form: null },
  { pzn: GROUP_PZNS[1]!, name: 'Sterile Kompressen', brand: 'Medimed', group: 'sterile-kompressen', groupPosition: 2, priceCents: 1500, amount: 50, form: null },
  { pzn: GROUP_PZNS[3]!, name: 'Vlieskompressen', brand: 'Heilwohl', group: undefined, groupPosition: 0, priceCents: 600, amount: 25, form: text('Dressing', 'Verband') },
];

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  await seedPharmacies(testDb.db);
  await testDb.db.insert(categories).values({ slug: CATEGORY, position: 9, name: text('Wound care', 'Wundversorgung'), description: text('Wounds', 'Wunden') });
  await testDb.db.insert(products).values(
    SEEDED.map((p) => ({
      pzn: p.pzn,
      slug: `${p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${p.pzn}`,
      name: p.name,
      brand: p.brand,
      manufacturer: 'Test GmbH',
      categorySlug: CATEGORY,
      priceCents: p.priceCents,
      packageAmount: p.amount,
      packageUnit: p.unit,
      packageLabel: text(`${p.amount} ${p.unit}`, `${p.amount} ${p.unit}`),
      dosageForm: p.form,
      kind: p.kind,
      shortDescription: text('Short', 'Kurz'),
      description: text('Long', 'Lang'),
      imagePath: `images/products/${p.pzn}.svg`,
      keywords: ['Wunde'],
    })),
  );
  await testDb.db.insert(categories).values({ slug: GROUP_CATEGORY, position: 10, name: text('Compresses', 'Kompressen'), description: text('Compresses', 'Kompressen') });
  await testDb.db.insert(products).values(
    GROUPED.map((p) => ({
      pzn: p.pzn,
      slug: p.group ? `${p.group}/${p.pzn}` : `vlieskompressen-${p.pzn}`,
      name: p.name,
      brand: p.brand,
      manufacturer: 'Test GmbH',
      categorySlug: GROUP_CATEGORY,
      priceCents: p.priceCents,
      packageAmount: p.amount,
      packageUnit: 'pcs' as const,
      packageLabel: text(`${p.amount} pieces`, `${p.amount} Stück`),
      dosageForm: p.form,
      kind: 'non-medicine' as const,
      shortDescription: text('Short', 'Kurz'),
      description: text('Long', 'Lang'),
      imagePath: `images/products/${p.pzn}.svg`,
      keywords: ['Kompresse'],
      groupPosition: p.groupPosition,
    })),
  );
  // At the pharmacy: plenty of two, one left of a third, none of a fourth; the rest not carried.
  await testDb.db.insert(stock).values([
    { pharmacyId: PHARMACY.daily, pzn: pznOf('Arnika Salbe'), quantity: 20 },
    { pharmacyId: PHARMACY.daily, pzn: pznOf('Fingerpflaster'), quantity: 12 },
    { pharmacyId: PHARMACY.daily, pzn: pznOf('Gelkompresse'), quantity: 1 },
    { pharmacyId: PHARMACY.daily, pzn: pznOf('Calendula Gel'), quantity: 0 },
  ]);
  app = testApi(testDb);
}, 60_000);

afterAll(async () => {
  await testDb?.close();
});

const list = (query: string) => getJson<Page>(app, `/api/shop/v1/listing?${query}`);
const names = (page: Page) => page.items.map((item) => item.name);

describe('GET /api/shop/v1/listing', () => {
  it('lists a whole category by name, with what it can be narrowed by, publicly cacheable', async () => {
    const { status, body, response } = await list(`category=${CATEGORY}&locale=de`);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.total).toBe(SEEDED.length);
    expect(names(body)).toEqual(SEEDED.map((p) => p.name));
    expect(body.facets.brands).toEqual(['Bayer', 'Heilwohl']);
    expect(body.facets.forms).toEqual(['Creme', 'Salbe']);
    expect(body.facets.kinds).toEqual(['pharmacy-only', 'free-sale', 'non-medicine']);
  });

  it('filters by brand, dosage form (in the request language), kind and price range, ends included', async () => {
    const brand = (await list(`category=${CATEGORY}&brand=Bayer`)).body;
    expect(names(brand)).toEqual(['Bepanthen Wundcreme', 'Desinfektion Spray', 'Fingerpflaster']);
    expect(brand.total).toBe(3);

    expect(names((await list(`category=${CATEGORY}&form=Salbe&locale=de`)).body)).toEqual(['Arnika Salbe', 'Calendula Gel']);
    expect(names((await list(`category=${CATEGORY}&form=Ointment&form=Cream&locale=en`)).body)).toEqual(['Arnika Salbe', 'Bepanthen Wundcreme', 'Calendula Gel']);
    expect(names((await list(`category=${CATEGORY}&kind=free-sale&kind=pharmacy-only`)).body)).toEqual(['Arnika Salbe', 'Bepanthen Wundcreme', 'Calendula Gel']);
    // 10 € keeps 10,00 € and drops 10,01 €; 5 € keeps 8,99 € and drops 4,99 €.
    expect(names((await list(`category=${CATEGORY}&min=5&max=10&brand=Heilwohl&brand=Bayer`)).body)).toEqual(['Arnika Salbe', 'Elastische Binde']);
  });

  it('sorts by price both ways, by price per unit and by name', async () => {
    const sorted = async (sort: string) => names((await list(`category=${CATEGORY}&sort=${sort}`)).body);
    const byPrice = [...SEEDED].sort((a, b) => a.priceCents - b.priceCents).map((p) => p.name);
    expect(await sorted('price-asc')).toEqual(byPrice);
    expect(await sorted('price-desc')).toEqual([...byPrice].reverse());
    // Per kg / l for weight and volume, per piece for pieces: the 15 € spray is 60 € per litre.
    expect(await sorted('unit-price-asc')).toEqual([
      'Fingerpflaster', // 0,50 € a piece
      'Gelkompresse', // 3,50 €
      'Elastische Binde', // 10,00 €
      'Desinfektion Spray', // 60,00 € per l
      'Bepanthen Wundcreme', // 129,90 € per kg
      'Arnika Salbe', // 179,80 €
      'Calendula Gel', // 249,50 €
    ]);
    const byName = await sorted('name-asc');
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'de')));
  });

  it('pages the filtered, sorted result, not the unfiltered one', async () => {
    const query = `category=${CATEGORY}&brand=Heilwohl&sort=price-asc&pageSize=2`;
    const pages = await Promise.all([1, 2, 3].map(async (page) => (await list(`${query}&page=${page}`)).body));
    expect(pages.map((p) => p.total)).toEqual([4, 4, 4]);
    expect(pages.map(names)).toEqual([['Gelkompresse', 'Calendula Gel'], ['Arnika Salbe', 'Elastische Binde'], []]);
    expect(pages[1]).toMatchObject({ page: 2, pageSize: 2 });
  });

  it("keeps only what the shopper's pharmacy has in stock, low stock included, with a short cache", async () => {
    const { status, body, response } = await list(`category=${CATEGORY}&available=1&pharmacy=${PHARMACY.daily}&sort=name-asc`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Arnika Salbe', 'Fingerpflaster', 'Gelkompresse']);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
  });

  it('filters and sorts search results too', async () => {
    const all = (await list('q=wunde&locale=de')).body;
    expect(all.total).toBe(SEEDED.length);
    const cheap = (await list('q=wunde&locale=de&max=9&sort=price-desc')).body;
    expect(names(cheap)).toEqual(['Arnika Salbe', 'Calendula Gel', 'Gelkompresse']);
  });

  it('lists a product of several pack sizes once, as the size its prebuilt card shows, and filters and sorts by that size', async () => {
    const shown = GROUPED[0]!;
    const lone = GROUPED[3]!;
    const all = (await list(`category=${GROUP_CATEGORY}&locale=de`)).body;
    expect(all.items.map((item) => item.pzn)).toEqual([shown.pzn, lone.pzn]);
    expect(all.total).toBe(2);
    expect(all.facets.brands).toEqual(['Heilwohl', 'Medimed']);
    // By the listed size's price (8,00 €), not its cheapest size's (3,00 €) nor its dearest's.
    const sorted = async (sort: string) => (await list(`category=${GROUP_CATEGORY}&sort=${sort}`)).body.items.map((item) => item.pzn);
    expect(await sorted('price-asc')).toEqual([lone.pzn, shown.pzn]);
    expect(await sorted('price-desc')).toEqual([shown.pzn, lone.pzn]);
    expect((await list(`category=${GROUP_CATEGORY}&max=4`)).body.total).toBe(0);
    expect((await list(`category=${GROUP_CATEGORY}&min=7&max=9`)).body.items.map((item) => item.pzn)).toEqual([shown.pzn]);
    // A brand or form filter keeps or drops the whole group, once.
    expect((await list(`category=${GROUP_CATEGORY}&brand=Medimed`)).body.items.map((item) => item.pzn)).toEqual([shown.pzn]);
    expect((await list(`category=${GROUP_CATEGORY}&form=Verband&locale=de`)).body.items.map((item) => item.pzn)).toEqual([lone.pzn]);
    // A search lists the group once too.
    const found = (await list('q=kompressen&locale=de&brand=Medimed')).body;
    expect(found.total).toBe(1);
    expect(GROUPED.filter((p) => p.group).map((p) => p.pzn)).toContain(found.items[0]!.pzn);
  });

  it.each([
    ['neither a category nor a search', 'brand=Bayer', 'MISSING_PARAMS'],
    ['available without a pharmacy', `category=${CATEGORY}&available=1`, 'MISSING_PARAMS'],
    ['a category and a search', `category=${CATEGORY}&q=wunde`, 'BAD_REQUEST'],
    ['an unknown sort', `category=${CATEGORY}&sort=cheapest`, 'BAD_REQUEST'],
    ['an unknown kind', `category=${CATEGORY}&kind=candy`, 'BAD_REQUEST'],
    ['a negative price', `category=${CATEGORY}&min=-1`, 'BAD_REQUEST'],
    ['a price that is not a number', `category=${CATEGORY}&max=ten`, 'BAD_REQUEST'],
    ['page 0', `category=${CATEGORY}&page=0`, 'BAD_REQUEST'],
    ['a page size over 100', `category=${CATEGORY}&pageSize=101`, 'BAD_REQUEST'],
    ['an empty search', 'q=%20%20', 'BAD_REQUEST'],
    ['available other than 1', `category=${CATEGORY}&available=yes&pharmacy=${PHARMACY.daily}`, 'BAD_REQUEST'],
  ])('refuses %s with 400 %s, never cached', async (_label, query, code) => {
    const { status, body, response } = await getJson<ErrorBody>(app, `/api/shop/v1/listing?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(code);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers NOT_FOUND for an unknown category or pharmacy', async () => {
    const category = await getJson<ErrorBody>(app, '/api/shop/v1/listing?category=no-such-category');
    expect([category.status, category.body.code]).toEqual([404, 'NOT_FOUND']);
    const pharmacy = await getJson<ErrorBody>(app, `/api/shop/v1/listing?category=${CATEGORY}&available=1&pharmacy=apotheke-geschlossen`);
    expect([pharmacy.status, pharmacy.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
