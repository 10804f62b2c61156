import { asc, eq } from 'drizzle-orm';
import { categories, listPopularSearches, products, readCatalogVersion, toProductDto } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import { listenOnSharedSession } from '../../../platform/db/commit-notifications';
import { coalescedRead } from './coalesced-read';
import { SearchIndex, type IndexSource } from './search-index';

async function loadIndexSource(db: Db): Promise<IndexSource> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.pzn));
  const categoryRows = await db.select({ slug: categories.slug, name: categories.name }).from(categories);
  const searches = await listPopularSearches(db);
  return {
    products: rows.map((row) => ({ dto: toProductDto(row), keywords: row.keywords, groupPosition: row.groupPosition })),
    categories: categoryRows,
    popularSearches: searches,
  };
}

/**
 * This process's view of the catalogue version, a number that grows with every change: on PGlite
 * a count of the change notifications its session receives as each change commits (no query at
 * all), on PostgreSQL the counter row, read once per search but shared by concurrent searches.
 */
async function catalogVersionReader(db: Db): Promise<() => Promise<bigint>> {
  let changes = 0n;
  if (await listenOnSharedSession(db, 'catalog_changed', () => changes++)) return async () => changes;
  return coalescedRead(() => readCatalogVersion(db));
}

/**
 * One database's index, kept as fresh as the database: every search first learns the catalogue
 * version, and a higher one than the index was built at means a rebuild, which every search waits
 * for. The version is taken before the catalogue is read, so an index is never older than the
 * version it is filed under; with several server processes on one PostgreSQL, each notices an
 * import at its next search.
 */
class LiveIndex {
  private built: { version: bigint; index: Promise<SearchIndex> } | null = null;
  private readonly version: Promise<() => Promise<bigint>>;

  constructor(private readonly db: Db) {
    this.version = catalogVersionReader(db);
  }

  async current(): Promise<SearchIndex> {
    const version = await (await this.version)();
    if (!this.built || version > this.built.version) {
      const index = loadIndexSource(this.db).then((source) => new SearchIndex(source));
      const built = { version, index };
      this.built = built;
      // A failed build is retried by the next search rather than kept.
      index.catch(() => {
        if (this.built === built) this.built = null;
      });
    }
    return this.built.index;
  }
}

const indexes = new WeakMap<Db, LiveIndex>();

export function liveSearchIndex(db: Db): Promise<SearchIndex> {
  let live = indexes.get(db);
  if (!live) indexes.set(db, (live = new LiveIndex(db)));
  return live.current();
}
