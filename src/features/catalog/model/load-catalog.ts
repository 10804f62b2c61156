import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  CategorySchema,
  PharmacySchema,
  PopularSearchSchema,
  ProductSchema,
  StockRowSchema,
  type Catalog,
  type Category,
  type Pharmacy,
  type PopularSearch,
  type Product,
  type StockRow,
} from './catalog-schema';
import { normalizePzn } from './pzn';

export { productImageFile, productImageUrl, productSlug, standaloneProductSlug, productGroupKey, kebabCase } from './product-paths';

/** Spec §9: the search page shows exactly 21 popular searches. */
export const POPULAR_SEARCH_COUNT = 21;
const STOCK_HEADER = ['pharmacyId', 'pzn', 'quantity'] as const;

/** Every problem of a catalogue at once, so an editor fixes them in one pass rather than one per run. */
export class CatalogValidationError extends Error {
  override readonly name = 'CatalogValidationError';

  constructor(
    readonly dir: string,
    readonly problems: readonly string[],
  ) {
    super(`The catalogue in ${dir} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const cache = new Map<string, Promise<Catalog>>();

export function defaultCatalogDir(): string {
  return path.resolve(process.env.CATALOG_DIR ?? path.join(process.cwd(), 'catalog'));
}

/**
 * Loads and validates the catalogue. Memoised per folder because the static build calls it from many
 * pages; a failed load is forgotten so that a fixed catalogue is picked up by the next call.
 */
export function loadCatalog(dir: string = defaultCatalogDir()): Promise<Catalog> {
  const key = path.resolve(dir);
  let pending = cache.get(key);
  if (!pending) {
    pending = readCatalog(key);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

/** Drops memoised catalogues (tests and the dev server after an edit). */
export function clearCatalogCache(): void {
  cache.clear();
}

/** Collects problems with the file they belong to, shown relative to the working folder when inside it. */
class Problems {
  readonly list: string[] = [];

  constructor(private readonly dir: string) {}

  file(relative: string): string {
    const absolute = path.join(this.dir, relative);
    const shown = path.relative(process.cwd(), absolute);
    return shown.startsWith('..') || path.isAbsolute(shown) ? absolute : shown;
  }

  add(relative: string, where: string | null, message: string): void {
    this.list.push(`${this.file(relative)}${where ? `, ${where}` : ''}: ${message}`);
  }

  addIssues(relative: string, where: string, error: z.ZodError): void {
    for (const issue of error.issues) {
      const field = issue.path.map(String).join('.');
      this.add(relative, where, field ? `${field}: ${issue.message}` : issue.message);
    }
  }
}

async function readCatalog(dir: string): Promise<Catalog> {
  const problems = new Problems(dir);
  const [categoryRecords, pharmacyRecords, searchRecords, productFiles, stockText] = await Promise.all([
    readJsonArray(dir, 'categories.json', problems),
    readJsonArray(dir, 'pharmacies.json', problems),
    readJsonArray(dir, 'popular-searches.json', problems),
    readProductFiles(dir, problems),
    readOptional(path.join(dir, 'stock.csv')),
  ]);

  const categories = parseRecords(categoryRecords, 'categories.json', CategorySchema, problems, (raw) => describe(raw, 'slug'));
  reportDuplicates(categories, (c) => c.value.slug, 'category slug', 'categories.json', problems);
  const categorySlugs = new Set(categories.map((c) => c.value.slug));

  const pharmacies = parseRecords(pharmacyRecords, 'pharmacies.json', PharmacySchema, problems, (raw) => describe(raw, 'id'));
  reportDuplicates(pharmacies, (p) => p.value.id, 'pharmacy id', 'pharmacies.json', problems);

  const searches = parseRecords(searchRecords, 'popular-searches.json', PopularSearchSchema, problems, (raw) => describe(raw, 'slug'));
  reportDuplicates(searches, (s) => s.value.slug, 'popular search slug', 'popular-searches.json', problems);
  if (searchRecords && searchRecords.length !== POPULAR_SEARCH_COUNT) {
    problems.add('popular-searches.json', null, `must list exactly ${POPULAR_SEARCH_COUNT} popular searches, found ${searchRecords.length}`);
  }

  const products = await parseProducts(dir, productFiles, categorySlugs, problems);
  // Stock is checked against every PZN an editor wrote down, valid or not, so one broken product is
  // reported once rather than again for each of its stock rows; the same goes for pharmacies.
  const declaredPzns = declaredValues(productFiles.flatMap((file) => file.records ?? []), 'pzn', normalizePzn);
  const declaredPharmacies = declaredValues(pharmacyRecords ?? [], 'id', (id) => id);
  const stock = stockText === null ? [] : parseStock(stockText, declaredPharmacies, declaredPzns, problems);

  if (problems.list.length > 0) throw new CatalogValidationError(dir, problems.list);
  return {
    categories: categories.map((c) => c.value).sort((a, b) => a.position - b.position),
    products,
    pharmacies: pharmacies.map((p) => p.value),
    popularSearches: searches.map((s) => s.value),
    stock,
  };
}

interface Located<T> {
  value: T;
  where: string;
}

function declaredValues(records: unknown[], key: string, normalize: (value: string) => string): Set<string> {
  const values = new Set<string>();
  for (const raw of records) {
    const value = isObject(raw) ? raw[key] : undefined;
    if (typeof value === 'string') values.add(normalize(value));
  }
  return values;
}

function describe(raw: unknown, key: string): string {
  const value = isObject(raw) ? raw[key] : undefined;
  return typeof value === 'string' ? ` (${key} "${value}")` : '';
}

function parseRecords<T>(
  records: unknown[] | null,
  file: string,
  schema: z.ZodType<T>,
  problems: Problems,
  label: (raw: unknown) => string,
): Located<T>[] {
  const parsed: Located<T>[] = [];
  records?.forEach((raw, index) => {
    const where = `record ${index + 1}${label(raw)}`;
    const result = schema.safeParse(raw);
    if (result.success) parsed.push({ value: result.data, where });
    else problems.addIssues(file, where, result.error);
  });
  return parsed;
}

function reportDuplicates<T>(items: Located<T>[], key: (item: Located<T>) => string, what: string, file: string, problems: Problems): void {
  const seen = new Map<string, string>();
  for (const item of items) {
    const value = key(item);
    const first = seen.get(value);
    if (first) problems.add(file, item.where, `duplicate ${what} "${value}" (first used by ${first})`);
    else seen.set(value, item.where);
  }
}

interface ProductFile {
  relative: string;
  records: unknown[] | null;
}

async function readProductFiles(dir: string, problems: Problems): Promise<ProductFile[]> {
  let names: string[];
  try {
    names = (await readdir(path.join(dir, 'products'))).filter((name) => name.endsWith('.json')).sort();
  } catch {
    problems.add('products', null, 'folder is missing (one <category-slug>.json file per category is expected)');
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const relative = path.join('products', name);
      return { relative, records: await readJsonArray(dir, relative, problems) };
    }),
  );
}

async function parseProducts(dir: string, files: ProductFile[], categorySlugs: Set<string>, problems: Problems): Promise<Product[]> {
  const products: Product[] = [];
  const pznOwners = new Map<string, string>();
  // A group's sizes share one page under one category (breadcrumbs, listing).
  const groupHomes = new Map<string, { categorySlug: string; owner: string }>();
  const imageChecks: Promise<void>[] = [];
  for (const { relative, records } of files) {
    const fileCategory = path.basename(relative, '.json');
    if (!categorySlugs.has(fileCategory)) {
      problems.add(relative, null, `the file name must be a category slug; "${fileCategory}" is not in categories.json`);
    }
    records?.forEach((raw, index) => {
      const input = isObject(raw) && typeof raw.pzn === 'string' ? { ...raw, pzn: normalizePzn(raw.pzn) } : raw;
      const where = `record ${index + 1}${productLabel(input)}`;
      const result = ProductSchema.safeParse(input);
      if (!result.success) {
        problems.addIssues(relative, where, result.error);
        return;
      }
      const product = result.data;
      if (!categorySlugs.has(product.categorySlug)) {
        problems.add(relative, where, `categorySlug: unknown category "${product.categorySlug}"`);
      } else if (product.categorySlug !== fileCategory && categorySlugs.has(fileCategory)) {
        problems.add(relative, where, `categorySlug: "${product.categorySlug}" belongs in products/${product.categorySlug}.json, not in this file`);
      }
      const owner = pznOwners.get(product.pzn);
      if (owner) {
        problems.add(relative, where, `duplicate PZN ${product.pzn} (already used by ${owner})`);
        return;
      }
      pznOwners.set(product.pzn, `${problems.file(relative)}, record ${index + 1}`);
      if (product.group) {
        const home = groupHomes.get(product.group);
        if (!home) groupHomes.set(product.group, { categorySlug: product.categorySlug, owner: `${problems.file(relative)}, record ${index + 1}` });
        else if (home.categorySlug !== product.categorySlug) {
          problems.add(relative, where, `group: the sizes of group "${product.group}" must all be in category "${home.categorySlug}" (like ${home.owner})`);
        }
      }
      if (product.image) {
        const image = product.image;
        imageChecks.push(
          access(path.join(dir, 'images', image)).catch(() => problems.add(relative, where, `image: catalog images folder has no file "${image}"`)),
        );
      }
      products.push(product);
    });
  }
  await Promise.all(imageChecks);
  return products;
}

function productLabel(raw: unknown): string {
  if (!isObject(raw)) return '';
  const parts = [typeof raw.pzn === 'string' ? `PZN ${raw.pzn}` : null, typeof raw.name === 'string' ? `"${raw.name}"` : null].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function parseStock(text: string, pharmacyIds: Set<string>, pzns: Set<string>, problems: Problems): StockRow[] {
  const file = 'stock.csv';
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '');
  if (header.join(',') !== STOCK_HEADER.join(',')) {
    problems.add(file, 'line 1', `header must be "${STOCK_HEADER.join(',')}", found "${lines[0] ?? ''}"`);
    return [];
  }
  const rows: StockRow[] = [];
  const seen = new Map<string, number>();
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const where = `line ${index + 1}`;
    const cells = splitCsvLine(line);
    if (cells.length !== STOCK_HEADER.length) {
      problems.add(file, where, `expected 3 comma-separated values (pharmacyId,pzn,quantity), found ${cells.length}: "${line}"`);
      continue;
    }
    const [pharmacyId = '', pzn = '', quantity = ''] = cells;
    const result = StockRowSchema.safeParse({ pharmacyId, pzn: normalizePzn(pzn), quantity: /^\d+$/.test(quantity) ? Number(quantity) : quantity });
    if (!result.success) {
      problems.addIssues(file, where, result.error);
      continue;
    }
    const row = result.data;
    if (!pharmacyIds.has(row.pharmacyId)) problems.add(file, where, `pharmacyId: unknown pharmacy "${row.pharmacyId}"`);
    if (!pzns.has(row.pzn)) problems.add(file, where, `pzn: no product with PZN ${row.pzn}`);
    const key = `${row.pharmacyId},${row.pzn}`;
    const firstLine = seen.get(key);
    if (firstLine) problems.add(file, where, `duplicate row for pharmacy "${row.pharmacyId}" and PZN ${row.pzn} (first on line ${firstLine})`);
    else seen.set(key, index + 1);
    rows.push(row);
  }
  return rows;
}

/** Stock cells never contain commas, but spreadsheet exports may quote them. */
function splitCsvLine(line: string): string[] {
  return line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}

async function readJsonArray(dir: string, relative: string, problems: Problems): Promise<unknown[] | null> {
  const text = await readOptional(path.join(dir, relative));
  if (text === null) {
    problems.add(relative, null, 'file is missing');
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    problems.add(relative, null, `is not valid JSON (${(error as Error).message})`);
    return null;
  }
  if (!Array.isArray(value)) {
    problems.add(relative, null, 'must contain a JSON array of records');
    return null;
  }
  return value;
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type { Catalog, Category, Pharmacy, PopularSearch, Product, StockRow };
