import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { countsAsOrder, isOrderStatus, type OrderEvent, type OrderStatus } from '../model/order-machine';
import { orderEvents, orderLines, orders, payments } from './schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export const statusOf = (order: Pick<OrderRow, 'status'>): OrderStatus => {
  if (!isOrderStatus(order.status)) throw new Error(`unknown order status ${order.status}`);
  return order.status;
};

/**
 * Whose orders a caller may see: a customer their own, a pharmacist or manager their pharmacy's
 * (placed ones), an operator every pharmacy's placed ones, the system any.
 */
export type OrderScope = { userId: string } | { pharmacyId: string } | { anyPharmacy: true } | { system: true };

const scoped = (scope: OrderScope) => {
  if ('userId' in scope) return eq(orders.userId, scope.userId);
  if ('pharmacyId' in scope) return and(eq(orders.pharmacyId, scope.pharmacyId), ne(orders.status, 'awaiting_payment'));
  if ('anyPharmacy' in scope) return ne(orders.status, 'awaiting_payment');
  return sql`true`;
};

export async function findOrder(db: Db, id: string, scope: OrderScope, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
  // A customer's checkout reads its order in every step: built once (prepared.ts).
  if ('userId' in scope && !options.lock) {
    const [row] = await prepared(db, 'customer_order', (on, name) =>
      on
        .select()
        .from(orders)
        .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.userId, sql.placeholder('userId'))))
        .prepare(name),
    ).execute({ id, userId: scope.userId });
    return row ?? null;
  }
  const query = db.select().from(orders).where(and(eq(orders.id, id), scoped(scope)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOrderByNumber(db: Db, orderNumber: string, userId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)));
  return row ?? null;
}

/** The customer's open draft (not yet lapsed), the newest if a race ever made two: checkout continues it. */
export async function openDraftOf(db: Db, userId: string, now: Date): Promise<OrderRow | null> {
  const [row] = await prepared(db, 'open_draft', (on, name) =>
    on
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, sql.placeholder('userId')),
          eq(orders.status, 'awaiting_payment'),
          sql`(${orders.expiresAt} is null or ${orders.expiresAt} > ${sql.placeholder('now')}::timestamptz)`,
        ),
      )
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .limit(1)
      .prepare(name),
  ).execute({ userId, now: now.toISOString() });
  return row ?? null;
}

/** The phone given with the customer's last placed order: remembered for the next one. */
export async function lastOrderPhone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: orders.phone })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.placedAt} is not null`, sql`${orders.phone} is not null`))
    .orderBy(desc(orders.placedAt))
    .limit(1);
  return row?.phone ?? null;
}

const customerListed = (userId: string, archived: boolean) =>
  and(
    eq(orders.userId, userId),
    ne(orders.status, 'awaiting_payment'),
    sql`${orders.placedAt} is not null`,
    archived ? eq(orders.status, 'archived') : ne(orders.status, 'archived'),
  );

/** Placed orders (never drafts), newest first: the current ones, or only the archived ones; a page of them from `offset`. */
export async function listCustomerOrders(db: Db, userId: string, limit: number, archived = false, offset = 0): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(customerListed(userId, archived))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** How many orders listCustomerOrders pages through (drafts are not counted, spec §3). */
export async function countCustomerOrders(db: Db, userId: string, archived = false): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(customerListed(userId, archived));
  return Number(row?.n ?? 0);
}

/** A pharmacy's placed orders, or every pharmacy's ('all', operators). */
export async function listPharmacyOrders(db: Db, pharmacyId: string | 'all', statuses: readonly OrderStatus[] | null, limit: number): Promise<OrderRow[]> {
  const conditions = [ne(orders.status, 'awaiting_payment'), sql`${orders.placedAt} is not null`];
  if (pharmacyId !== 'all') conditions.push(eq(orders.pharmacyId, pharmacyId));
  if (statuses) conditions.push(inArray(orders.status, [...statuses]));
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    // Oldest first: the pharmacy works its queue in the order the offers came in.
    .orderBy(asc(orders.placedAt), asc(orders.id))
    .limit(limit);
}

export async function linesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const result = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return result;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) result.get(row.orderId)?.push(row);
  return result;
}

export async function paymentsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, PaymentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(payments).where(inArray(payments.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row]));
}


/** Orders of the customer that count for coupon rules (spec §3: pending ones do not), and the open offers. */
export async function orderCounts(db: Db, userId: string): Promise<{ orderCount: number; pendingOrderCount: number }> {
  const rows = await db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.status);
  let orderCount = 0;
  let pendingOrderCount = 0;
  for (const row of rows) {
    if (!isOrderStatus(row.status)) continue;
    if (countsAsOrder(row.status)) orderCount += Number(row.n);
    if (row.status === 'pending') pendingOrderCount += Number(row.n);
  }
  return { orderCount, pendingOrderCount };
}

export interface EventEntry {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  event: OrderEvent;
  actor: 'customer' | 'pharmacist' | 'courier' | 'system';
  actorId: string | null;
  note?: string | null;
  at: Date;
}

/** The history row's insert, unexecuted: the status change runs it in its own statement (lifecycle.ts). */
export function eventInsert(tx: Db, entry: EventEntry) {
  return tx.insert(orderEvents).values({
    orderId: entry.orderId,
    fromStatus: entry.from,
    toStatus: entry.to,
    event: entry.event,
    actor: entry.actor,
    actorId: entry.actorId,
    note: entry.note ?? null,
    at: entry.at,
  });
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

export async function eventsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderEventRow[]>> {
  const result = new Map<string, OrderEventRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return result;
  const rows = await db.select().from(orderEvents).where(inArray(orderEvents.orderId, [...orderIds])).orderBy(asc(orderEvents.id));
  for (const row of rows) result.get(row.orderId)?.push(row);
  return result;
}
