import { and, eq, lte, type SQL } from 'drizzle-orm';
import type { OrderEvent } from '../model/order-machine';
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
 *
 * Orders that are over: a delivered order closes once the withdrawal and feedback period after
 * delivery has passed (ORDER_CLOSE_AFTER_DAYS), and a closed one is archived, out of the customer's
 * current orders, later (ORDER_ARCHIVE_AFTER_DAYS). Runs on the timer only: nothing waits for it.
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

const DAY_MS = 24 * 60 * 60_000;

/** Orders in `status` delivered at or before `deliveredBy`, oldest first. */
async function deliveredBefore(db: Db, status: 'delivered' | 'closed', deliveredBy: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, status), lte(orders.deliveredAt, deliveredBy)))
    .orderBy(orders.deliveredAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Closes delivered orders whose withdrawal and feedback period is over, and archives closed ones that are old enough. */
export async function closeFinishedOrders(ctx: OrdersContext, limit = 200): Promise<{ closed: number; archived: number }> {
  const now = ctx.clock.now().getTime();
  const { closeAfterDays, archiveAfterDays } = ctx.deps.settings;
  const run = async (ids: string[], event: OrderEvent) => {
    let done = 0;
    for (const orderId of ids) {
      const result = await applyOrderEvent(ctx, { orderId, scope: { system: true }, event, actor: 'system', actorId: null });
      if (result.ok) done++;
    }
    return done;
  };
  const closed = await run(await deliveredBefore(ctx.db, 'delivered', new Date(now - closeAfterDays * DAY_MS), limit), 'close');
  const archived = await run(await deliveredBefore(ctx.db, 'closed', new Date(now - archiveAfterDays * DAY_MS), limit), 'archive');
  return { closed, archived };
}

/**
 * Starts the periodic sweep for a server process (`npm start`): lapsed orders, then finished ones. Overlapping runs are skipped; the
 * timer does not keep the process alive. Returns a function that stops it.
 */
export function startOrderExpirySweep(options: { getDb: () => Promise<Db>; clock: Clock; deps: OrdersDeps; intervalMs?: number }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    options
      .getDb()
      .then(async (db) => {
        const ctx: OrdersContext = { db, clock: options.clock, locale: 'en', deps: options.deps };
        await expireDueOrders(ctx);
        await closeFinishedOrders(ctx);
      })
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'order sweep failed', error: String(error) })))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? ORDER_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
