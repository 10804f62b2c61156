import type { Db } from './client';

/** SQLSTATEs after which the whole transaction may simply run again (PostgreSQL serialization failure, deadlock). */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 3;

/** The SQLSTATE of a database error from PGlite or node-postgres, possibly wrapped by Drizzle. */
export function sqlState(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** A Result-shaped failure ({ ok: false, … }): the answer of a refused request. */
const isFailure = (value: unknown): boolean => typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;

class Rollback<T> extends Error {
  constructor(readonly answer: T) {
    super('rolled back');
  }
}

/**
 * Runs `work` in one transaction. A thrown error rolls it back and is rethrown; so does a returned
 * failure Result (`{ ok: false }`), which is then answered as it is: a refused request leaves
 * nothing written. A deadlock or serialization failure (PostgreSQL under concurrency) runs `work`
 * again, up to three times in all, so it must not do anything outside the database that a rerun
 * would repeat without an idempotency key. Inside another transaction it becomes a savepoint.
 */
export async function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // Drizzle's transaction is the same query builder as the database (PgDatabase); only its
        // generic parameters differ, so it is handed on as the one Db type features know.
        const answer = await work(tx as unknown as Db);
        if (isFailure(answer)) throw new Rollback(answer);
        return answer;
      });
    } catch (error) {
      if (error instanceof Rollback) return error.answer as T;
      const state = sqlState(error);
      if (attempt < ATTEMPTS && state !== null && RETRYABLE.has(state)) continue;
      throw error;
    }
  }
}
