import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
 * Runs `work` on a throwaway PostgreSQL database created next to BENCH_DATABASE_URL (default: the
 * local server's `test`) and dropped afterwards. Null, with a note, when PostgreSQL is unreachable:
 * the PostgreSQL part of a bench is then skipped.
 */
export async function withBenchDatabase<T>(what: string, work: (url: string) => Promise<T>, adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'): Promise<T | null> {
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
