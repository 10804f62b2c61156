import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { serverConfig } from '../../../src/platform/config/env';
import { openDb, type Db, type DbHandle } from '../../../src/platform/db/client';

export interface TestDb {
  db: Db;
  handle: DbHandle;
  kind: DbHandle['kind'];
  /** For PostgreSQL, the throwaway database's name. */
  name: string;
  /** For PostgreSQL, its connection string (a second connection, e.g. LISTEN, needs it). */
  url: string | undefined;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file. With DATABASE_URL set it creates a uniquely named
 * PostgreSQL database next to the given one (and drops it on close), so parallel files and
 * repeated runs never share state; otherwise an in-memory PGlite.
 *
 * Either way the file starts from a copy of a database migrated once, not from an empty one:
 * creating a PGlite cluster costs seconds per file, loading a dump of a migrated one a fraction of
 * that; on PostgreSQL the copy is CREATE DATABASE … TEMPLATE. Both copies are keyed by the
 * migrations, so a new migration builds a new one.
 */
export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDb({ pgliteDir: 'memory://', databaseUrl: undefined, pgliteDataDir: await pgliteTemplate() });
    // A no-op on the copy (its migrations are recorded); it keeps a stale copy from going unnoticed.
    await handle.migrate();
    return {
      db: handle.db,
      handle,
      kind: handle.kind,
      name: 'memory://',
      url: undefined,
      close: async () => {
        await handle.close();
      },
    };
  }

  const template = await postgresTemplate(adminUrl);
  const name = `apobote_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = databaseAt(adminUrl, name);
  const handle = await openDb({ databaseUrl: url });
  await handle.migrate();
  return {
    db: handle.db,
    handle,
    kind: handle.kind,
    name,
    url,
    close: async () => {
      await handle.close();
      // FORCE ends connections a failed test may have left open (PostgreSQL 13+).
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** The committed migrations (names and contents) and the PGlite release they were applied with. */
function migrationsKey(): string {
  const dir = serverConfig().migrationsDir;
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(dir, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Its package.json is not exported, so find it above the resolved entry. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const CACHE_DIR = path.resolve('node_modules', '.cache', 'apobote');

/**
 * A gzipped data folder of a migrated PGlite, kept under node_modules/.cache between runs. Two
 * workers that miss it at the same time both build it; the rename makes either result whole.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(CACHE_DIR, `pglite-${migrationsKey()}.tar.gz`);
  if (!existsSync(file)) {
    const handle = await openDb({ pgliteDir: 'memory://', databaseUrl: undefined });
    try {
      await handle.migrate();
      const dump = Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer());
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
    for (const old of readdirSync(CACHE_DIR)) {
      if (old.startsWith('pglite-') && old.endsWith('.tar.gz') && path.join(CACHE_DIR, old) !== file) rmSync(path.join(CACHE_DIR, old), { force: true });
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A migrated database to copy, made once per set of migrations and kept on the server (it is small,
 * and another checkout may be using an older one). An advisory lock keeps parallel workers from
 * building it twice; it is built under another name and renamed, so a crash leaves no half-made one.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const template = `apobote_template_${migrationsKey()}`;
  await withAdmin(adminUrl, async (client) => {
    const exists = async () => ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount ?? 0) > 0;
    if (await exists()) return;
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (await exists()) return;
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      const handle = await openDb({ databaseUrl: databaseAt(adminUrl, building) });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

function databaseAt(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
