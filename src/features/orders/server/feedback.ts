import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { feedbackMessageProblem, ratingProblem, shownAverage } from '../model/feedback';
import type { OrdersContext } from './deps';
import { refuse, type OrderResult } from './failures';
import { findOrder, linesOf, statusOf, type OrderRow } from './repo';
import { pharmaciesById } from './collaborators';
import { customerFeedback, orderRatings, orders } from './schema';
import { expireDueOrders } from './sweep';
import { summaryDto } from './view';

/*
 * Ratings of delivered orders and general feedback (spec §3, §7). A customer rates their own order
 * while it is delivered (once it is closed, ORDER_CLOSE_AFTER_DAYS after delivery, the time for
 * feedback is over), once: the first rating is final and a second answers 409
 * FEEDBACK_ALREADY_GIVEN. Dismissing the rating dialog stores a row without stars, so the order is
 * no longer offered; rating it later is still possible.
 */

export type RatingRow = typeof orderRatings.$inferSelect;

export const ratingDto = (row: RatingRow) => ({ stars: row.stars!, comment: row.comment, created_at: row.createdAt.toISOString() });

/** Where an order stands for rating: what a rating attempt would be refused with, or null. */
export function ratingRefusal(order: OrderRow, existing: RatingRow | undefined) {
  const status = statusOf(order);
  if (existing?.stars != null) return 'FEEDBACK_ALREADY_GIVEN' as const;
  if (status === 'closed' || status === 'archived') return 'FEEDBACK_PERIOD_OVER' as const;
  if (status !== 'delivered') return 'ORDER_NOT_DELIVERED' as const;
  return null;
}

export async function ratingsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, RatingRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(orderRatings).where(inArray(orderRatings.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row]));
}

async function ownPlacedOrder(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderRow | null> {
  await expireDueOrders(ctx, { userId, orderId });
  const order = await findOrder(ctx.db, orderId, { userId });
  return order && order.status !== 'awaiting_payment' ? order : null;
}

export async function rateOrder(ctx: OrdersContext, userId: string, orderId: string, input: { orderId?: string | undefined; stars: number; comment?: string | null | undefined }) {
  if (input.orderId !== undefined && input.orderId !== orderId) return refuse(400, 'BAD_REQUEST');
  const order = await ownPlacedOrder(ctx, userId, orderId);
  if (!order) return refuse(404, 'ORDER_NOT_FOUND');
  const problem = ratingProblem(input.stars, input.comment);
  if (problem) return refuse(400, problem);
  const existing = (await ratingsOf(ctx.db, [order.id])).get(order.id);
  const refusal = ratingRefusal(order, existing);
  if (refusal) return refuse(409, refusal);
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  const now = ctx.clock.now();
  // One statement: of two concurrent ratings exactly one fills the row; a dismissal row is filled in.
  const [saved] = await ctx.db
    .insert(orderRatings)
    .values({ orderId: order.id, userId, pharmacyId: order.pharmacyId, stars: input.stars, comment, createdAt: now })
    .onConflictDoUpdate({ target: orderRatings.orderId, set: { stars: input.stars, comment, createdAt: now }, setWhere: isNull(orderRatings.stars) })
    .returning();
  if (!saved) return refuse(409, 'FEEDBACK_ALREADY_GIVEN');
  return { ok: true as const, value: { order_id: order.id, ...ratingDto(saved) } };
}

/** "Not now, and do not ask again" for this order's rating. */
export async function dismissRating(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<null>> {
  const order = await ownPlacedOrder(ctx, userId, orderId);
  if (!order) return refuse(404, 'ORDER_NOT_FOUND');
  await ctx.db.insert(orderRatings).values({ orderId: order.id, userId, pharmacyId: order.pharmacyId, stars: null, comment: null, createdAt: ctx.clock.now() }).onConflictDoNothing();
  return { ok: true, value: null };
}

/** The most recent delivered order that is neither rated nor dismissed, or null. */
export async function pendingFeedback(ctx: OrdersContext, userId: string) {
  await expireDueOrders(ctx, { userId });
  const [row] = await ctx.db
    .select({ order: orders })
    .from(orders)
    .leftJoin(orderRatings, eq(orderRatings.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), isNull(orderRatings.orderId)))
    .orderBy(desc(orders.deliveredAt), desc(orders.id))
    .limit(1);
  if (!row) return null;
  const order = row.order;
  const [lines, pharmacies] = await Promise.all([linesOf(ctx.db, [order.id]), pharmaciesById(ctx.db, [order.pharmacyId])]);
  return { ...summaryDto(order, lines.get(order.id) ?? [], order.pharmacyId ? pharmacies.get(order.pharmacyId) : null), delivered_at: order.deliveredAt?.toISOString() ?? null };
}

export async function sendFeedback(ctx: OrdersContext, userId: string, message: string): Promise<OrderResult<{ id: string; created_at: string }>> {
  const problem = feedbackMessageProblem(message);
  if (problem) return refuse(400, problem);
  const id = randomUUID();
  const now = ctx.clock.now();
  await ctx.db.insert(customerFeedback).values({ id, userId, message: message.trim(), locale: ctx.locale, createdAt: now });
  return { ok: true, value: { id, created_at: now.toISOString() } };
}

/** Each pharmacy's rating count and, from MIN_RATINGS_FOR_AVERAGE ratings on, its average. */
export async function pharmacyRatings(db: Db, pharmacyIds?: readonly string[]) {
  const conditions = [isNotNull(orderRatings.stars), isNotNull(orderRatings.pharmacyId)];
  if (pharmacyIds) conditions.push(inArray(orderRatings.pharmacyId, pharmacyIds.length ? [...pharmacyIds] : ['']));
  const rows = await db
    .select({ pharmacyId: orderRatings.pharmacyId, sum: sql<number>`sum(${orderRatings.stars})::int`, n: sql<number>`count(*)::int` })
    .from(orderRatings)
    .where(and(...conditions))
    .groupBy(orderRatings.pharmacyId);
  return rows.map((row) => ({ pharmacy_id: row.pharmacyId!, count: Number(row.n), average: shownAverage(Number(row.sum), Number(row.n)) }));
}
