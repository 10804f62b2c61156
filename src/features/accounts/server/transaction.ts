import { verificationCodeKey } from '../../../platform/auth';
import { withTransaction, type Db } from '../../../platform/db';
import type { ServiceContext } from './deps';
import type { AccountResult } from './http';

export { isUniqueViolation } from '../../../platform/db';

/**
 * The platform's withTransaction for account services: a refused request (say, the verification
 * mail could not be sent) leaves nothing half-written. The code key is loaded (and cached) first:
 * fetching it through the plain handle while the transaction holds PGlite's only connection would
 * wait forever.
 */
export async function inTransaction<T>(ctx: ServiceContext, work: (tx: Db) => Promise<AccountResult<T>>): Promise<AccountResult<T>> {
  await verificationCodeKey(ctx.db);
  return withTransaction(ctx.db, work);
}
