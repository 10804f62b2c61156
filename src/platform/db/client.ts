import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverConfig } from '../config/env';
import { closeCommitListener } from './commit-listener-pg';

/** The one database type features see: the same query builder over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed drizzle-kit migrations. Safe to call repeatedly. */
  migrate(): Promise<void>;
  /** Answers true when a trivial query succeeds (used by /api/health). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a gzipped tarball, to open copies of it later. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  pgliteDir?: string;
  /** PGlite only: start from this dump (dumpDataDir) instead of an empty cluster; much faster than initdb. */
  pgliteDataDir?: Blob;
  migrationsDir?: string;
}

export async function openDb(options: OpenOptions = {}): Promise<DbHandle> {
  const config = serverConfig();
  const migrationsFolder = options.migrationsDir ?? config.migrationsDir;
  const databaseUrl = 'databaseUrl' in options ? options.databaseUrl : config.databaseUrl;
  if (databaseUrl) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_SIZE || 10) });
    // An idle connection the server ends (restart, failover, DROP DATABASE … FORCE) emits 'error' on the
    // pool; unhandled, that would crash the process. The next query simply gets a fresh connection.
    pool.on('error', (error) => console.error(JSON.stringify({ level: 'warn', msg: 'idle database connection lost', error: String(error) })));
    const db = drizzle(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrate(db, { migrationsFolder }),
      ping: async () => (await pool.query('select 1 as ok')).rows[0]?.ok === 1,
      close: async () => {
        await closeCommitListener(pool);
        await pool.end();
      },
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dir = options.pgliteDir ?? config.pgliteDir;
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {}) });
  const db = drizzle(client);
  // PGlite is single-connection: serialise migrations with queries by awaiting them before use.
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => (await client.query<{ ok: number }>('select 1 as ok')).rows[0]?.ok === 1,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/**
 * One database per process. PGlite must never be opened twice on the same folder, and the server
 * wrapper (scripts/start.ts) and the bundled API are separate module graphs, so the handle lives on
 * globalThis rather than in a module variable.
 */
const GLOBAL_KEY = Symbol.for('apobote.db');
type Holder = { [GLOBAL_KEY]?: Promise<DbHandle> };

export function setDbHandle(handle: Promise<DbHandle>): void {
  (globalThis as Holder)[GLOBAL_KEY] = handle;
}

export function getDbHandle(): Promise<DbHandle> {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= openDb().then(async (handle) => {
    await handle.migrate();
    return handle;
  });
  return holder[GLOBAL_KEY];
}

/**
 * The process's handle if the server opened or set one, without opening it: for what may use the
 * database but must not be the one to open it (the demo payment provider, also built in tests).
 */
export function openedDbHandle(): Promise<DbHandle> | null {
  return (globalThis as Holder)[GLOBAL_KEY] ?? null;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

