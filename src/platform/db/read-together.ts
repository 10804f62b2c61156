import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Runs reads that do not depend on one another. Outside a transaction they go at once, each on its
 * own pooled connection, so the caller waits for the slowest rather than for their sum. A
 * transaction has one connection, which answers its statements in turn anyway (and node-postgres
 * deprecates queueing them on it), so there they run one after the other.
 */
export async function readTogether<T extends readonly unknown[]>(db: Db, reads: { readonly [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
