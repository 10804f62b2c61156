import { verificationCodeKey } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import type { ServiceContext } from './deps';
import type { AccountFailure, AccountResult } from './http';

class Rollback extends Error {
  constructor(readonly failure: AccountFailure) {
    super(failure.code);
  }
}

/**
 * Runs `work` in a transaction that is rolled back when it returns a failure, so a refused
 * request (say, the verification mail could not be sent) leaves nothing half-written.
 */
export async function inTransaction<T>(ctx: ServiceContext, work: (tx: Db) => Promise<AccountResult<T>>): Promise<AccountResult<T>> {
  // The code key is loaded (and cached) first: fetching it through the plain handle while the
  // transaction holds PGlite's only connection would wait forever.
  await verificationCodeKey(ctx.db);
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await work(tx as unknown as Db);
      if (!result.ok) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.failure;
    throw error;
  }
}

/** Unique violations come from PGlite and node-postgres alike as SQLSTATE 23505, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
