/**
 * A fresh, migrated database for one bench run, of either kind the shop runs on: PGlite in a
 * temporary folder, or a throwaway PostgreSQL database next to BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped afterwards. Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type DbHandle } from '../../src/platform/db/client';

export type BenchDatabase = 'pglite' | 'postgres';

export const benchPostgresUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` on a throwaway PostgreSQL database created next to BENCH_DATABASE_URL and dropped
 * afterwards. Null, with a note, when PostgreSQL is unreachable: that part of a bench is skipped.
 */
export async function withBenchDatabase<T>(what: string, work: (url: string) => Promise<T>, adminUrl = benchPostgresUrl()): Promise<T | null> {
  const name = `apobote_bench_${randomBytes(6).toString('hex')}`;
  try {
    await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${adminUrl.replace(/\/\/[^@]*@/, '//…@')}: ${what} on PostgreSQL skipped (${String(error)})`);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
}

/** Runs `work` on a fresh, migrated database; null (with a warning) when PostgreSQL is not reachable. */
export async function withFreshDatabase<T>(kind: BenchDatabase, work: (handle: DbHandle) => Promise<T>): Promise<T | null> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apobote-bench-'));
    const handle = await openDb({ pgliteDir: dir, databaseUrl: undefined });
    try {
      await handle.migrate();
      return await work(handle);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return withBenchDatabase('this measurement', async (url) => {
    const handle = await openDb({ databaseUrl: url });
    try {
      await handle.migrate();
      return await work(handle);
    } finally {
      await handle.close();
    }
  });
}
