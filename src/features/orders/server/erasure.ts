import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { idempotencyKeys, orders } from './schema';

/**
 * Account erasure (GDPR Art. 17). Drafts go; placed orders stay for the books (§147 AO, §257 HGB:
 * invoices are kept ten years), keyed by the tombstone user id, but lose what is not needed for
 * that: the phone number, the safety answers (health data) and the tracking ids in meta.
 */
export async function eraseOrdersOfUser(tx: Db, userId: string): Promise<void> {
  await tx.delete(orders).where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')));
  await tx
    .update(orders)
    .set({ phone: null, safety: null, meta: sql`jsonb_build_object('sessionId', '', 'irClickId', null, 'locale', ${orders.meta}->>'locale')` })
    .where(eq(orders.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
