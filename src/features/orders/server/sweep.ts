import { and, eq, lte, type SQL } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import type { OrdersContext, OrdersDeps } from './deps';
import { applyOrderEvent } from './lifecycle';
import { orders } from './schema';
import { ORDER_SWEEP_INTERVAL_MS } from './settings';

/*
 * Orders that nobody finished: drafts past their lapse time become expired (they reserve nothing),
 * and offers the pharmacy did not answer in time are rejected by the system, which releases the
 * authorization and gives back stock, coupon and credit, and tells the customer. Runs on a timer in
 * the server and, for the orders concerned, before every read, so a customer or pharmacist never
 * sees an offer that should have lapsed.
 */

export interface SweepScope {
  userId?: string;
  pharmacyId?: string;
  orderId?: string;
}

async function dueIds(db: Db, status: 'awaiting_payment' | 'pending', now: Date, scope: SweepScope, limit: number): Promise<string[]> {
  const conditions: SQL[] = [eq(orders.status, status), lte(orders.expiresAt, now)];
  if (scope.userId) conditions.push(eq(orders.userId, scope.userId));
  if (scope.pharmacyId) conditions.push(eq(orders.pharmacyId, scope.pharmacyId));
  if (scope.orderId) conditions.push(eq(orders.id, scope.orderId));
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditions))
    .orderBy(orders.expiresAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function expireDueOrders(ctx: OrdersContext, scope: SweepScope = {}, limit = 50): Promise<{ drafts: number; offers: number }> {
  const now = ctx.clock.now();
  let drafts = 0;
  let offers = 0;
  for (const orderId of await dueIds(ctx.db, 'awaiting_payment', now, scope, limit)) {
    const result = await applyOrderEvent(ctx, { orderId, scope: { system: true }, event: 'expire', actor: 'system', actorId: null });
    if (result.ok) drafts++;
  }
  for (const orderId of await dueIds(ctx.db, 'pending', now, scope, limit)) {
    const result = await applyOrderEvent(ctx, {
      orderId,
      scope: { system: true },
      event: 'reject',
      actor: 'system',
      actorId: null,
      rejectedBy: 'timeout',
    });
    if (result.ok) offers++;
    // A provider outage leaves the offer pending; the next sweep tries again.
    else if (result.code !== 'INVALID_ORDER_TRANSITION') console.error(JSON.stringify({ level: 'warn', msg: 'lapsed order not released yet', orderId, code: result.code }));
  }
  return { drafts, offers };
}

/**
 * Starts the periodic sweep for a server process (`npm start`). Overlapping runs are skipped; the
 * timer does not keep the process alive. Returns a function that stops it.
 */
export function startOrderExpirySweep(options: { getDb: () => Promise<Db>; clock: Clock; deps: OrdersDeps; intervalMs?: number }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    options
      .getDb()
      .then((db) => expireDueOrders({ db, clock: options.clock, locale: 'en', deps: options.deps }))
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'order sweep failed', error: String(error) })))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? ORDER_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
