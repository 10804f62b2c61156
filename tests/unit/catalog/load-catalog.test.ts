import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CatalogValidationError,
  clearCatalogCache,
  loadCatalog,
  productImageUrl,
  productSlug,
} from '../../../src/features/catalog/model/load-catalog';
import { pharmacyRecord, productRecord, VALID_PZNS, validFiles, writeFixture } from './fixtures';

const dirs: string[] = [];
async function fixture(...args: Parameters<typeof writeFixture>): Promise<string> {
  const dir = await writeFixture(...args);
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function problemsOf(dir: string): Promise<readonly string[]> {
  const error = await loadCatalog(dir).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CatalogValidationError);
  return (error as CatalogValidationError).problems;
}

describe('loadCatalog', () => {
  it('loads a valid catalogue with defaults applied and categories in position order', async () => {
    const files = validFiles();
    files.categories = [...(files.categories as unknown[])].reverse();
    const catalog = await loadCatalog(await fixture(files));
    expect(catalog.categories.map((c) => c.slug)).toEqual(['stomach', 'vitamins']);
    expect(catalog.products).toHaveLength(3);
    expect(catalog.products[0]).toMatchObject({ vatRate: 19, collectInPersonOnly: false, keywords: [], activeIngredients: [] });
    expect(catalog.pharmacies).toHaveLength(1);
    expect(catalog.popularSearches).toHaveLength(21);
    expect(catalog.stock).toEqual([
      { pharmacyId: 'berlin-test', pzn: VALID_PZNS[0], quantity: 12 },
      { pharmacyId: 'berlin-test', pzn: VALID_PZNS[1], quantity: 0 },
    ]);
  });

  it('is memoised per folder and forgets on request', async () => {
    const dir = await fixture(validFiles());
    const first = loadCatalog(dir);
    expect(loadCatalog(dir)).toBe(first);
    await first;
    clearCatalogCache();
    expect(loadCatalog(dir)).not.toBe(first);
  });

  it('normalises old 7-digit PZNs in products and stock', async () => {
    const files = validFiles();
    files.products.vitamins = [productRecord('4773414', 'Vitamin D3 Tropfen', 'vitamins')];
    files.stockCsv = 'pharmacyId,pzn,quantity\nberlin-test,4773414,3\n';
    const catalog = await loadCatalog(await fixture(files));
    expect(catalog.products.map((p) => p.pzn)).toContain('04773414');
    expect(catalog.stock).toEqual([{ pharmacyId: 'berlin-test', pzn: '04773414', quantity: 3 }]);
  });

  it('reports every problem at once, each with its file and record', async () => {
    const files = validFiles();
    files.products.stomach = [
      productRecord(VALID_PZNS[0], 'Magentropfen', 'stomach'),
      productRecord('12345679', 'Iberogast', 'stomach'),
      productRecord(VALID_PZNS[3], 'Heiltee', 'no-such-category'),
    ];
    files.products.vitamins = [productRecord(VALID_PZNS[0], 'Doppelte PZN', 'vitamins')];
    files.stockCsv = `pharmacyId,pzn,quantity\nberlin-test,${VALID_PZNS[0]},4\nhamburg-unknown,${VALID_PZNS[0]},2\n`;
    const problems = await problemsOf(await fixture(files));

    expect(problems, problems.join('\n')).toHaveLength(4);
    const find = (needle: string) => problems.find((problem) => problem.includes(needle));
    expect(find('products/stomach.json, record 2 (PZN 12345679, "Iberogast"): pzn:')).toMatch(/not a valid PZN/);
    expect(find('products/stomach.json, record 3 (PZN 17377588, "Heiltee"): categorySlug:')).toMatch(/unknown category "no-such-category"/);
    expect(find('products/vitamins.json, record 1 (PZN 10019621, "Doppelte PZN")')).toMatch(/duplicate PZN 10019621 \(already used by .*products\/stomach\.json, record 1\)/);
    expect(find('stock.csv, line 3')).toMatch(/unknown pharmacy "hamburg-unknown"/);
  });

  it('keeps the pack sizes of a group in one category', async () => {
    const files = validFiles();
    files.products.stomach = [productRecord(VALID_PZNS[0], 'Magentropfen', 'stomach', { group: 'magentropfen' })];
    files.products.vitamins = [productRecord(VALID_PZNS[3], 'Magentropfen', 'vitamins', { group: 'magentropfen' })];
    files.stockCsv = `pharmacyId,pzn,quantity\nberlin-test,${VALID_PZNS[0]},4\n`;
    const problems = await problemsOf(await fixture(files));
    expect(problems).toEqual([
      expect.stringMatching(/products\/vitamins\.json, record 1 \(PZN 17377588, "Magentropfen"\): group: the sizes of group "magentropfen" must all be in category "stomach"/),
    ]);
  });

  it('names the field of a schema error, e.g. a missing medicine indication and a bad price', async () => {
    const files = validFiles();
    files.products.stomach = [
      productRecord(VALID_PZNS[0], 'Magentropfen', 'stomach', {
        kind: 'pharmacy-only',
        priceCents: 0,
        dosageForm: { en: 'Drops', de: 'Tropfen' },
        activeIngredients: [{ name: 'Pfefferminzöl', strength: '10 mg' }],
      }),
    ];
    const problems = await problemsOf(await fixture(files));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/products\/stomach\.json, record 1 \(PZN 10019621, "Magentropfen"\): priceCents: /),
        expect.stringMatching(/record 1 .*: indication: a medicine needs its indication/),
      ]),
    );
  });

  it('requires a struck price to say what it is (PAngV §11), and the kind only with a struck price', async () => {
    const files = validFiles();
    files.products.stomach = [
      productRecord(VALID_PZNS[0], 'Magentee', 'stomach', { priceCents: 399, wasPriceCents: 499 }),
      productRecord(VALID_PZNS[1], 'Kamillentee', 'stomach', { priceCents: 399, wasPriceKind: 'uvp' }),
      productRecord(VALID_PZNS[2], 'Fencheltee', 'stomach', { priceCents: 399, wasPriceCents: 499, wasPriceKind: 'was' }),
    ];
    const problems = await problemsOf(await fixture(files));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/record 1 .*: wasPriceKind: a struck price must say what it is: "lowest-30-days" .* or "uvp"/),
        expect.stringMatching(/record 2 .*: wasPriceKind: is only allowed together with wasPriceCents/),
        expect.stringMatching(/record 3 .*: wasPriceKind: must be one of: lowest-30-days, uvp/),
      ]),
    );
    const valid = validFiles();
    for (const products of Object.values(valid.products) as Record<string, unknown>[][]) {
      for (const record of products) Object.assign(record, { priceCents: 399, wasPriceCents: 499, wasPriceKind: 'uvp' });
    }
    const catalog = await loadCatalog(await fixture(valid));
    expect(catalog.products.length).toBeGreaterThan(0);
    expect(catalog.products.every((p) => p.wasPriceCents === 499 && p.wasPriceKind === 'uvp')).toBe(true);
  });

  it('requires each pharmacy\'s federal state, whose holidays close it', async () => {
    const files = validFiles();
    const unknown = pharmacyRecord('berlin-test');
    const missing = pharmacyRecord('berlin-other');
    unknown.address = { ...(unknown.address as object), state: 'Berlin' };
    delete (missing.address as Record<string, unknown>).state;
    files.pharmacies = [unknown, missing];
    const text = (await problemsOf(await fixture(files))).join('\n');
    expect(text).toMatch(/pharmacies\.json, record 1 \(id "berlin-test"\): address\.state: must be a federal state code: BW, BY, BE/);
    expect(text).toMatch(/pharmacies\.json, record 2 \(id "berlin-other"\): address\.state: /);
  });

  it('reports malformed files, CSV lines, duplicate ids and the popular search count', async () => {
    const files = validFiles();
    files.pharmacies = [pharmacyRecord('berlin-test'), pharmacyRecord('berlin-test')];
    files.popularSearches = (files.popularSearches as unknown[]).slice(0, 20);
    files.stockCsv = `pharmacyId,pzn,quantity\nberlin-test,${VALID_PZNS[0]}\nberlin-test,${VALID_PZNS[1]},many\nberlin-test,${VALID_PZNS[5]},1\n`;
    const dir = await fixture(files, { 'products/vitamins.json': '[{ "pzn": ' });
    const problems = await problemsOf(dir);
    const text = problems.join('\n');
    expect(text).toMatch(/products\/vitamins\.json: is not valid JSON/);
    expect(text).toMatch(/pharmacies\.json, record 2 \(id "berlin-test"\): duplicate pharmacy id "berlin-test"/);
    expect(text).toMatch(/popular-searches\.json: must list exactly 21 popular searches, found 20/);
    expect(text).toMatch(/stock\.csv, line 2: expected 3 comma-separated values/);
    expect(text).toMatch(/stock\.csv, line 3: quantity:/);
    expect(text).toMatch(/stock\.csv, line 4: pzn: no product with PZN 00838973/);
  });

  it('reports a missing file and a stock header typo', async () => {
    const files = validFiles();
    files.stockCsv = 'pharmacy,pzn,quantity\n';
    const dir = await fixture(files);
    await rm(`${dir}/categories.json`);
    const text = (await problemsOf(dir)).join('\n');
    expect(text).toMatch(/categories\.json: file is missing/);
    expect(text).toMatch(/stock\.csv, line 1: header must be "pharmacyId,pzn,quantity"/);
  });

  it('lists every problem in the error message', async () => {
    const files = validFiles();
    files.products.stomach = [productRecord('11111111', 'Erstes Produkt', 'stomach'), productRecord('22222222', 'Zweites Produkt', 'stomach')];
    files.stockCsv = 'pharmacyId,pzn,quantity\n';
    const error = (await loadCatalog(await fixture(files)).catch((caught: unknown) => caught)) as CatalogValidationError;
    expect(error.message).toMatch(/has 2 problems/);
    expect(error.message).toMatch(/PZN 11111111/);
    expect(error.message).toMatch(/PZN 22222222/);
  });
});

describe('product URL helpers', () => {
  it('builds a stable ASCII slug from name and PZN', () => {
    expect(productSlug({ name: 'Ibuprofen-ratiopharm 400 mg Filmtabletten', pzn: '10019621' })).toBe('ibuprofen-ratiopharm-400-mg-filmtabletten-10019621');
    expect(productSlug({ name: 'Mönchspfeffer Süß Fußcreme Öl Äpfel', pzn: '04877800' })).toBe('moenchspfeffer-suess-fusscreme-oel-aepfel-04877800');
    expect(productSlug({ name: 'Crème Brûlée 10 × 10 cm, 0,5 %', pzn: '04773414' })).toBe('creme-brulee-10-10-cm-0-5-04773414');
    expect(productSlug({ name: '…', pzn: '17377588' })).toBe('17377588');
  });

  it('points to the editor image or the generated SVG', () => {
    expect(productImageUrl({ pzn: '10019621' })).toBe('/images/products/10019621.svg');
    expect(productImageUrl({ pzn: '10019621', image: 'ibu-400.jpg' })).toBe('/images/products/ibu-400.jpg');
  });
});
