import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
 */
export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDb({ pgliteDir: 'memory://', databaseUrl: undefined });
    await handle.migrate();
    return { db: handle.db, handle, kind: handle.kind, name: 'memory://', url: undefined, close: () => handle.close() };
  }

  const name = `apobote_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    db: handle.db,
    handle,
    kind: handle.kind,
    name,
    url: url.toString(),
    close: async () => {
      await handle.close();
      // FORCE ends connections a failed test may have left open (PostgreSQL 13+).
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
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
