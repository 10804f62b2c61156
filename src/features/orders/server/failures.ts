import type { Db } from '../../../platform/db/client';
import type { ErrorCode } from '../../../platform/http/error-codes';
import type { Failure, Success } from '../../../platform/http/result';

/** The statuses order routes answer errors with (never 500: see ORDER_CREATE_FAILED). */
export type OrderErrorStatus = 400 | 402 | 403 | 404 | 409 | 422 | 503;

/** A business refusal with the HTTP status it is answered with. */
export type OrderFailure = Failure & { status: OrderErrorStatus };
export type OrderResult<T> = Success<T> | OrderFailure;

export function refuse(status: OrderErrorStatus, code: ErrorCode, extra: { message?: string | undefined; fields?: Record<string, ErrorCode> | undefined } = {}): OrderFailure {
  const failure: OrderFailure = { ok: false, code, status };
  if (extra.message !== undefined) failure.message = extra.message;
  if (extra.fields !== undefined) failure.fields = extra.fields;
  return failure;
}

/** Where a code from the payment provider lands: refusals are 402, an outage 503. */
export const paymentStatus = (code: ErrorCode): OrderErrorStatus => (code === 'PAYMENT_UNAVAILABLE' ? 503 : 402);

/** Stock moved under the customer (409: try again with the cart as it is now); other quote issues are 422. */
export const issueStatus = (code: ErrorCode): OrderErrorStatus =>
  code === 'SOLD_OUT' || code === 'STOCK_INSUFFICIENT' ? 409 : code === 'NOT_FOUND' ? 404 : 422;

class Rollback extends Error {
  constructor(readonly failure: OrderFailure) {
    super(failure.code);
  }
}

/** SQLSTATEs after which the whole transaction may simply run again (PostgreSQL serialization, deadlock). */
const RETRYABLE = new Set(['40001', '40P01']);

function sqlState(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * Runs `work` in one transaction that is rolled back when it returns a failure, so a refused
 * request leaves nothing written. A deadlock or serialization failure (PostgreSQL under
 * concurrency) runs it again, up to three times.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<OrderResult<T>>): Promise<OrderResult<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx as unknown as Db);
        if (!result.ok) throw new Rollback(result);
        return result;
      });
    } catch (error) {
      if (error instanceof Rollback) return error.failure;
      const state = sqlState(error);
      if (attempt < 3 && state !== null && RETRYABLE.has(state)) continue;
      throw error;
    }
  }
}
