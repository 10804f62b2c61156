import type { Context, Input } from 'hono';
import type { AuthEnv } from '../../../platform/auth';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { errorBody } from '../../../platform/http/errors';
import type { OrdersContext, OrdersDeps } from './deps';
import type { OrderErrorStatus, OrderFailure } from './failures';

/** The order services' view of a request. */
export const ordersContext = <P extends string, I extends Input>(c: Context<AuthEnv, P, I>, deps: OrdersDeps): OrdersContext => ({
  db: c.var.ctx.db,
  clock: c.var.ctx.clock,
  locale: c.var.locale,
  deps,
});

/** An order answer depends on the customer and the moment: never cached. */
export function noStore<P extends string, I extends Input>(c: Context<AuthEnv, P, I>): void {
  c.header('Cache-Control', 'no-store');
}

export function failureJson<P extends string, I extends Input>(c: Context<AuthEnv, P, I>, failure: OrderFailure) {
  noStore(c);
  return c.json(errorBody(failure.code, c.var.locale, failure), failure.status);
}

export function errorJsonAuth<P extends string, I extends Input>(c: Context<AuthEnv, P, I>, status: OrderErrorStatus, code: ErrorCode) {
  noStore(c);
  return c.json(errorBody(code, c.var.locale), status);
}

/**
 * Unexpected failures (database gone, a bug) answer 503 with a code the client knows — for order
 * writes the spec's "Error creating order, try later" — never a bare 500. Each write is its own
 * transaction, so nothing is left half-written.
 */
export async function guarded<T>(work: () => Promise<T>, onError: () => T, what: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Drizzle's message lists the query's parameters (addresses, phone): log only the statement.
    console.error(JSON.stringify({ level: 'error', msg: `${what} failed`, error: String(error).split('\nparams:')[0], cause: String((error as { cause?: unknown })?.cause ?? '') }));
    return onError();
  }
}
