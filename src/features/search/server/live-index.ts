import { asc, eq } from 'drizzle-orm';
import { categories, listPopularSearches, products, readCatalogVersion, toProductDto } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import { listenForCommits } from '../../../platform/db/commit-notifications';
import { coalescedRead } from '../../../platform/db/coalesced-read';
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
 * The catalogue version, a number that grows with every change (drizzle/0013), read from the
 * database only when this process has heard of a change since it last read it (the triggers also
 * notify `catalog_changed`, drizzle/0031). Before each answer `caughtUp` makes sure every change
 * committed before the call has been heard, so a search never runs on a catalogue older than the
 * one committed when it was asked for. Where that cannot be promised now, the version is read.
 */
async function catalogVersionReader(db: Db): Promise<() => Promise<bigint>> {
  const readVersion = coalescedRead(() => readCatalogVersion(db));
  let heard = 0;
  const notifications = await listenForCommits(db, 'catalog_changed', { onNotify: () => heard++, onReset: () => heard++ });
  let known: { heard: number; version: bigint } | null = null;
  return async () => {
    if (!notifications || !(await notifications.caughtUp())) return readVersion();
    // Taken before the read: a change heard while it runs makes the next search read again.
    const heardBefore = heard;
    if (known?.heard === heardBefore) return known.version;
    const version = await readVersion();
    known = { heard: heardBefore, version };
    return version;
  };
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
