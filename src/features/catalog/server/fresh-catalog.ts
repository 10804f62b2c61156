import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { LOCALES, localeFromPath, localizePath, unlocalizedPath, type Locale } from '../../../platform/i18n/locales';
import { buildCatalogIndex, type CatalogIndex } from '../model/catalog-index';
import { builtCatalog } from '../model/catalog-pages';
import { SHOP_HOME_PATH, categoryPath, productPath, searchLandingPath } from '../model/catalog-paths';
import type { Category, PopularSearch, Product } from '../model/catalog-schema';
import { pageCount } from '../model/paging';
import { rankDocuments, searchDocument } from '../model/search-match';
import { productGroupKey, productSlug } from '../model/product-paths';
import { groupPositions, groupProducts, type ProductGroup } from '../model/product-groups';
import { productFingerprint, rowFingerprint } from './fingerprint';
import type { ProductRow } from './product-reads';
import { categories, popularSearches, products } from './schema';

/*
 * Catalogue pages are prebuilt; a content editor's change must still reach customers without a full
 * rebuild. The build leaves a manifest beside its pages (BUILD_MANIFEST_FILE: every product's
 * fingerprint in catalogue order, the featured products, each popular search's results), and every
 * server process compares it with the database whenever the catalogue changes. Products whose row no
 * longer matches what the build rendered are "fresh": their pages, in both languages, and the pages
 * listing them (their category's pages, the popular searches and the home page that show them) are
 * rendered on demand from the database by the same page components (src/pages/catalog-live/), the
 * rest stays static. A rebuild that includes the change empties the set by itself, since its manifest
 * then matches the database: nothing has to be cleared, and a change made while a build runs is not
 * lost (the new manifest would not match it).
 *
 * A pack size's own page (`/shop/product/<group>/<pzn>/`) is never prebuilt: its canonical is the
 * group's page and it is not in the sitemap, yet with 2–3 sizes a group they were most of a large
 * catalogue's pages (178 000 of 291 000 at 100 000 products). The server renders each on demand, from
 * the database's catalogue while anything is fresh, otherwise from just its group's rows, and keeps
 * the answer in the rendered-page cache until the next change.
 */

export const BUILD_MANIFEST_FILE = 'catalog-build.json';
/** Where the server hands fresh pages to Astro; never answered to the outside (the server refuses it). */
export const LIVE_PAGE_PREFIX = '/catalog-live';

/** [pzn, slug, categorySlug, fingerprint], in catalogue order. */
type ManifestProduct = [string, string, string, string];

export interface BuildManifest {
  loadedAt: string;
  products: ManifestProduct[];
  featured: string[];
  /** The PZNs each popular search listed, by `<locale>:<slug>`. */
  searches: Record<string, string[]>;
}

/** What the build writes (src/pages/catalog-build.json.ts), from the same catalogue its pages used. */
export async function buildManifest(): Promise<BuildManifest> {
  const { index, loadedAt } = await builtCatalog();
  return manifestOf(index, loadedAt);
}

export function manifestOf(index: CatalogIndex, loadedAt: Date): BuildManifest {
  const searches: Record<string, string[]> = {};
  for (const search of index.popularSearches) {
    for (const locale of LOCALES) searches[`${locale}:${search.slug}`] = index.searchResults(search, locale).map((p) => p.pzn);
  }
  const positions = groupPositions(index.products);
  return {
    loadedAt: loadedAt.toISOString(),
    products: index.products.map((p) => [p.pzn, productSlug(p), p.categorySlug, productFingerprint(p, positions.get(p.pzn))]),
    featured: index.featured.map((p) => p.pzn),
    searches,
  };
}

/** The inverse of the import (toProductRow): a database row as the catalogue files' Product. */
export function rowToProduct(row: ProductRow): Product {
  const file = row.imagePath.replace(/^\/images\/products\//, '');
  return {
    pzn: row.pzn,
    // A pack size's slug is `<group>/<pzn>` (productSlug): the group is not a column of its own.
    ...(row.slug.includes('/') ? { group: productGroupKey(row.slug) } : {}),
    name: row.name,
    brand: row.brand,
    manufacturer: row.manufacturer,
    categorySlug: row.categorySlug,
    priceCents: row.priceCents,
    ...(row.wasPriceCents === null ? {} : { wasPriceCents: row.wasPriceCents }),
    ...(row.wasPriceKind === null ? {} : { wasPriceKind: row.wasPriceKind }),
    vatRate: row.vatRate as 19 | 7,
    package: { amount: row.packageAmount, unit: row.packageUnit, label: row.packageLabel },
    ...(row.dosageForm === null ? {} : { dosageForm: row.dosageForm }),
    activeIngredients: row.activeIngredients,
    kind: row.kind,
    ...(row.indication === null ? {} : { indication: row.indication }),
    collectInPersonOnly: row.collectInPersonOnly,
    shortDescription: row.shortDescription,
    description: row.description,
    // The generated picture is `<pzn>.svg`; anything else is the editor's own file.
    ...(file === `${row.pzn}.svg` ? {} : { image: file }),
    keywords: row.keywords,
  };
}

export interface FreshState {
  /** Products whose pages differ from the build's. */
  pzns: ReadonlySet<string>;
  /** Exact page paths (trailing slash) rendered on demand. */
  paths: ReadonlySet<string>;
  /** Path prefixes rendered on demand: every page of a category with a fresh product. */
  prefixes: readonly string[];
  /** The catalogue as the database has it, for the on-demand pages; null while nothing is fresh. */
  index: CatalogIndex | null;
  /** Raised with every state that differs from the one before (the page cache's key). */
  generation: number;
}

const EMPTY: FreshState = { pzns: new Set(), paths: new Set(), prefixes: [], index: null, generation: 0 };

/** Which pages differ from the build, given the build's manifest and the database's catalogue. */
export function freshStateOf(
  manifest: BuildManifest,
  db: { rows: readonly ProductRow[]; categories: CatalogIndex['categories']; popularSearches: CatalogIndex['popularSearches'] },
  generation: number,
  fingerprint: (row: ProductRow) => string = rowFingerprint,
): FreshState {
  const built = new Map(manifest.products.map((entry) => [entry[0], entry]));
  const active = new Map(db.rows.map((row) => [row.pzn, row]));
  const pzns = new Set<string>();
  for (const row of db.rows) if (built.get(row.pzn)?.[3] !== fingerprint(row)) pzns.add(row.pzn);
  for (const pzn of built.keys()) if (!active.has(pzn)) pzns.add(pzn);
  if (pzns.size === 0) return { ...EMPTY, generation };

  // The build's order, then products it did not have, by name (as a later build would not know better).
  const position = new Map(manifest.products.map((entry, i) => [entry[0], i]));
  const ordered = [...db.rows].sort((a, b) => (position.get(a.pzn) ?? Infinity) - (position.get(b.pzn) ?? Infinity) || a.name.localeCompare(b.name));
  // Within a group the database's order of sizes decides (group_position), which size comes first
  // and so which one its page opens with: the group keeps the slots it had, its sizes fill them in order.
  const slots = new Map<string, number[]>();
  ordered.forEach((row, i) => {
    if (!row.slug.includes('/')) return;
    const key = productGroupKey(row.slug);
    const list = slots.get(key);
    if (list) list.push(i);
    else slots.set(key, [i]);
  });
  for (const list of slots.values()) {
    const members = list.map((i) => ordered[i]!).sort((a, b) => a.groupPosition - b.groupPosition);
    list.forEach((slot, j) => (ordered[slot] = members[j]!));
  }
  const liveProducts = ordered.map(rowToProduct);
  const index = buildCatalogIndex({ categories: [...db.categories], products: liveProducts, popularSearches: [...db.popularSearches], pharmacies: [], stock: [] });

  // A group's sizes share pages: the group's page and each size's page show every size's price in
  // the selector (and the ProductGroup offers), and a listing's card stands for the whole group. So
  // a change to any size makes every size of its group (as built and as now) count as changed for
  // the pages, while `pzns` stays what actually changed.
  const groupOf = (slug: string | undefined) => (slug?.includes('/') ? productGroupKey(slug) : undefined);
  const touchedGroups = new Set<string>();
  for (const pzn of pzns) {
    for (const slug of [built.get(pzn)?.[1], active.get(pzn)?.slug]) {
      const group = groupOf(slug);
      if (group) touchedGroups.add(group);
    }
  }
  const affected = new Set(pzns);
  if (touchedGroups.size > 0) {
    for (const entry of manifest.products) if (touchedGroups.has(groupOf(entry[1]) ?? '')) affected.add(entry[0]);
    for (const row of db.rows) if (touchedGroups.has(groupOf(row.slug) ?? '')) affected.add(row.pzn);
  }

  const paths = new Set<string>();
  const prefixes = new Set<string>();
  const both = (unlocalized: string, into: Set<string>) => LOCALES.forEach((locale) => into.add(localizePath(unlocalized, locale)));
  for (const pzn of affected) {
    const before = built.get(pzn);
    const now = active.get(pzn);
    for (const slug of new Set([before?.[1], now?.slug])) {
      if (!slug) continue;
      // A size's own page, and its group's page (for a lone product both are its one page).
      both(productPath(slug), paths);
      both(productPath(productGroupKey(slug)), paths);
    }
    for (const category of new Set([before?.[2], now?.categorySlug])) if (category) both(categoryPath(category), prefixes);
  }
  const touches = (list: Iterable<{ pzn: string } | string>) => [...list].some((item) => affected.has(typeof item === 'string' ? item : item.pzn));
  if (touches(manifest.featured) || touches(index.featured)) both(SHOP_HOME_PATH, paths);
  // Whether a product is among a search's results depends on that product alone (a score above
  // zero), so only the changed products (and their groups' sizes) are matched, not the whole
  // catalogue 42 times.
  const freshProducts = liveProducts.filter((p) => affected.has(p.pzn));
  for (const locale of LOCALES) {
    const documents = freshProducts.map((p) => searchDocument(p, locale, index.categoryBySlug.get(p.categorySlug)?.name[locale] ?? ''));
    for (const search of index.popularSearches) {
      if (touches(manifest.searches[`${locale}:${search.slug}`] ?? []) || rankDocuments(documents, search.term[locale]).length > 0) {
        paths.add(localizePath(searchLandingPath(search.slug), locale));
      }
    }
  }
  return { pzns, paths, prefixes: [...prefixes], index, generation };
}

const SIZE_PAGE = /^\/shop\/product\/([^/]+)\/[^/]+\/$/;

/** The group a pack size's page belongs to (`/de/shop/product/<group>/<pzn>/` → group), or null for any other page. */
export function sizePageGroup(pathname: string): string | null {
  return SIZE_PAGE.exec(pagePathOf(unlocalizedPath(pathname)))?.[1] ?? null;
}

/** `/shop/product/x`, `/shop/product/x/index.html` → `/shop/product/x/`. */
export function pagePathOf(pathname: string): string {
  const withoutFile = pathname.replace(/\/index\.html$/, '/');
  return withoutFile.endsWith('/') ? withoutFile : `${withoutFile}/`;
}

export interface FreshCatalogOptions {
  getDb: () => Promise<Db>;
  /** The served build's static folder (dist/client, a link the operator's rebuild swaps). */
  clientDir: string;
  warn?: (msg: string, error: unknown) => void;
}

/**
 * One process's view of which catalogue pages are fresh. `refresh` re-reads the manifest and the
 * database; requests only look at the last state (`livePath`), so no page request waits on the
 * database. Refreshes do not overlap: one asked for while one runs runs once after it.
 */
export class FreshCatalog {
  private state: FreshState = EMPTY;
  private manifest: { key: string; value: BuildManifest } | null = null;
  private running: Promise<void> | null = null;
  /**
   * Fingerprints by PZN, reused while a row's updated_at (which every import write sets) and price
   * are unchanged: hashing is most of a recompute (about 0.1–0.5 s per 10 000 products here).
   */
  private fingerprints = new Map<string, { key: string; value: string }>();
  private again = false;

  constructor(private readonly options: FreshCatalogOptions) {}

  current(): FreshState {
    return this.state;
  }

  /** The on-demand route for a page path, or null when the static page is current. */
  livePath(pathname: string): string | null {
    const page = pagePathOf(pathname);
    if (sizePageGroup(page) !== null) return `${LIVE_PAGE_PREFIX}${page}`;
    const state = this.state;
    if (state.pzns.size === 0) return null;
    if (state.paths.has(page) || state.prefixes.some((prefix) => page.startsWith(prefix))) return `${LIVE_PAGE_PREFIX}${page}`;
    return null;
  }

  /**
   * What an on-demand page renders from: the database's catalogue while anything is fresh; otherwise,
   * for a pack size's page, a catalogue of only its group as the database has it (which then matches
   * the build). Null when the static page is current.
   */
  async liveCatalog(pathname: string): Promise<CatalogIndex | null> {
    if (this.state.index) return this.state.index;
    const group = sizePageGroup(pathname);
    return group === null ? null : this.groupCatalog(group);
  }

  private async groupCatalog(group: string): Promise<CatalogIndex> {
    const members = this.manifest ? groupMembers(this.manifest.value).get(group) : undefined;
    const db = await this.options.getDb();
    const [rows, categoryRows] = members
      ? await Promise.all([
          db.select().from(products).where(and(inArray(products.pzn, members.pzns), eq(products.active, true))).orderBy(asc(products.groupPosition)),
          db.select().from(categories).where(eq(categories.slug, members.categorySlug)),
        ])
      : [[], []];
    return buildCatalogIndex({
      categories: categoryRows.map(({ slug, position, name, description }) => ({ slug, position, name, description })),
      products: rows.map(rowToProduct),
      popularSearches: [],
      pharmacies: [],
      stock: [],
    });
  }

  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.recompute();
        } catch (error) {
          this.options.warn?.('fresh catalogue pages not recomputed; the last state stays', error);
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async recompute(): Promise<void> {
    const builtBefore = this.manifest?.key;
    const manifest = await this.readManifest();
    // A build without a manifest (older than this feature) is served as it is.
    if (!manifest) {
      if (this.state.pzns.size > 0) this.state = { ...EMPTY, generation: this.state.generation + 1 };
      return;
    }
    const db = await this.options.getDb();
    const [rows, categoryRows, searchRows] = await Promise.all([
      db.select().from(products).where(eq(products.active, true)),
      db.select().from(categories).orderBy(asc(categories.position)),
      db.select().from(popularSearches).orderBy(asc(popularSearches.position), asc(popularSearches.slug)),
    ]);
    const known = this.fingerprints;
    const seen = new Map<string, { key: string; value: string }>();
    const next = freshStateOf(
      manifest,
      {
        rows,
        categories: categoryRows.map(({ slug, position, name, description }) => ({ slug, position, name, description })),
        popularSearches: searchRows.map(({ slug, term }) => ({ slug, term })),
      },
      this.state.generation + 1,
      (row) => this.fingerprintOf(row, known, seen),
    );
    this.fingerprints = seen;
    // Another build was swapped in: the size pages rendered for the last one are not kept.
    if (next.pzns.size === 0 && this.state.pzns.size === 0 && this.manifest?.key === builtBefore) return;
    this.state = next;
  }

  private fingerprintOf(row: ProductRow, known: Map<string, { key: string; value: string }>, seen: Map<string, { key: string; value: string }>): string {
    const key = `${row.updatedAt.getTime()}:${row.priceCents}:${row.wasPriceCents}`;
    const cached = known.get(row.pzn);
    const entry = cached?.key === key ? cached : { key, value: rowFingerprint(row) };
    seen.set(row.pzn, entry);
    return entry.value;
  }

  /** True when the served build is another than the one last compared (a rebuild was swapped in). */
  async buildChanged(): Promise<boolean> {
    return (await this.manifestKey()) !== (this.manifest?.key ?? null);
  }

  private async manifestKey(): Promise<string | null> {
    try {
      // Through the dist/client link: a swapped-in build is a different file.
      const info = await stat(path.join(this.options.clientDir, BUILD_MANIFEST_FILE));
      return `${info.ino}:${info.mtimeMs}:${info.size}`;
    } catch {
      return null;
    }
  }

  private async readManifest(): Promise<BuildManifest | null> {
    const key = await this.manifestKey();
    if (key === null) {
      this.manifest = null;
      return null;
    }
    if (this.manifest?.key !== key) {
      const value = JSON.parse(await readFile(path.join(this.options.clientDir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest;
      this.manifest = { key, value };
    }
    return this.manifest.value;
  }
}

const membersOf = new WeakMap<BuildManifest, Map<string, { pzns: string[]; categorySlug: string }>>();

/** Each group's PZNs and category as the build had them. */
function groupMembers(manifest: BuildManifest): Map<string, { pzns: string[]; categorySlug: string }> {
  let groups = membersOf.get(manifest);
  if (!groups) {
    groups = new Map();
    for (const [pzn, slug, categorySlug] of manifest.products) {
      if (!slug.includes('/')) continue;
      const key = productGroupKey(slug);
      const members = groups.get(key);
      if (members) members.pzns.push(pzn);
      else groups.set(key, { pzns: [pzn], categorySlug });
    }
    membersOf.set(manifest, groups);
  }
  return groups;
}

/*
 * One per process, on globalThis: scripts/start.ts (which routes requests) and the bundled on-demand
 * page (which renders them) are separate module graphs, like the database handle.
 */
const GLOBAL_KEY = Symbol.for('apobote.freshCatalog');
type Holder = { [GLOBAL_KEY]?: FreshCatalog };

export function setFreshCatalog(fresh: FreshCatalog): void {
  (globalThis as Holder)[GLOBAL_KEY] = fresh;
}

export function freshCatalog(): FreshCatalog | null {
  return (globalThis as Holder)[GLOBAL_KEY] ?? null;
}

export type LivePage =
  | { kind: 'home'; locale: Locale }
  /** As the static product routes: a group's page with its default size, or a size's page (`sizeChosen`). */
  | { kind: 'product'; locale: Locale; group: ProductGroup; product: Product; sizeChosen: boolean }
  | { kind: 'category'; locale: Locale; category: Category; page: number }
  /** A product page that moved since the build (grouped, ungrouped, renamed): where it is now (answered 301). */
  | { kind: 'moved'; locale: Locale; to: string }
  | { kind: 'search'; locale: Locale; search: PopularSearch };

const pagesOf = new WeakMap<CatalogIndex, { groups: Map<string, ProductGroup>; byPzn: Map<string, Product> }>();

/** Which catalogue page a public path is, in the given catalogue; null when it has no such page. */
export function livePageOf(index: CatalogIndex, pathname: string): LivePage | null {
  const locale = localeFromPath(pathname);
  const page = pagePathOf(unlocalizedPath(pathname));
  if (page === SHOP_HOME_PATH) return { kind: 'home', locale };
  let match = /^\/shop\/product\/([^/]+)\/(?:([^/]+)\/)?$/.exec(page);
  if (match) {
    let pages = pagesOf.get(index);
    if (!pages) {
      pages = { groups: new Map(groupProducts(index.products).map((group) => [group.slug, group])), byPzn: new Map(index.products.map((p) => [p.pzn, p])) };
      pagesOf.set(index, pages);
    }
    const group = pages.groups.get(match[1]!);
    const size = match[2];
    if (group && size === undefined) return { kind: 'product', locale, group, product: group.defaultVariant, sizeChosen: false };
    // Only a group of the catalogue has pages per size.
    const product = group?.grouped ? group.variants.find((variant) => variant.pzn === size) : undefined;
    if (group && product) return { kind: 'product', locale, group, product, sizeChosen: true };
    // The build's page of a product that is now elsewhere (sizes grouped or ungrouped since, or a new
    // name): the server's 301 map is the build's, so the move is answered here until the next build.
    const pzn = size ?? /-(\d{8})$/.exec(match[1]!)?.[1];
    const moved = pzn === undefined ? undefined : pages.byPzn.get(pzn);
    // Within its own page an unknown size is not found, as the build has no such page.
    if (!moved || productGroupKey(productSlug(moved)) === match[1]) return null;
    return { kind: 'moved', locale, to: localizePath(productPath(productSlug(moved)), locale) };
  }
  match = /^\/shop\/category\/([^/]+)\/(?:([2-9]|[1-9]\d+)\/)?$/.exec(page);
  if (match) {
    const category = index.categoryBySlug.get(match[1]!);
    const number = Number(match[2] ?? 1);
    if (!category || number > pageCount(index.productsByCategory.get(category.slug)?.length ?? 0)) return null;
    return { kind: 'category', locale, category, page: number };
  }
  match = /^\/shop\/search\/([^/]+)\/$/.exec(page);
  const search = match ? index.popularSearches.find((s) => s.slug === match[1]) : undefined;
  return search ? { kind: 'search', locale, search } : null;
}
