import { and, eq, gte, lt, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { orderRatings, orders, type VatRow } from './schema';

/**
 * The raw facts of one period for the back office's "today at a glance" (issue 13): what was placed,
 * accepted, rejected and rated in [from, to) at one pharmacy or all of them. Ids, times, amounts and
 * reasons only: nothing about the customer. The figures are made from them by pure functions.
 */
export interface OrderDayFacts {
  /** When each order of the period was placed. */
  placedAt: Date[];
  /** Orders accepted in the period: their placement and acceptance, their status now and their VAT rows (gross per rate). */
  accepted: { placedAt: Date; acceptedAt: Date; status: string; vat: VatRow[] }[];
  /** Offers refused in the period: by the pharmacy with its reason, or not answered in time. */
  rejected: { rejectedBy: 'pharmacy' | 'timeout' | null; reason: string | null }[];
  /** Stars of the ratings given in the period. */
  ratings: number[];
}

export async function orderDayFacts(db: Db, pharmacy: string | 'all', from: Date, to: Date): Promise<OrderDayFacts> {
  const atPharmacy = (column: typeof orders.pharmacyId | typeof orderRatings.pharmacyId): SQL | undefined => (pharmacy === 'all' ? undefined : eq(column, pharmacy));
  const placed = ne(orders.status, 'awaiting_payment');
  const [placedRows, acceptedRows, rejectedRows, ratingRows] = await Promise.all([
    db.select({ placedAt: orders.placedAt }).from(orders).where(and(placed, atPharmacy(orders.pharmacyId), gte(orders.placedAt, from), lt(orders.placedAt, to))),
    db
      .select({ placedAt: orders.placedAt, acceptedAt: orders.acceptedAt, status: orders.status, vat: orders.vat })
      .from(orders)
      .where(and(placed, atPharmacy(orders.pharmacyId), gte(orders.acceptedAt, from), lt(orders.acceptedAt, to))),
    db
      .select({ rejectedBy: orders.rejectedBy, reason: orders.rejectionReason })
      .from(orders)
      .where(and(placed, atPharmacy(orders.pharmacyId), gte(orders.rejectedAt, from), lt(orders.rejectedAt, to))),
    db
      .select({ stars: orderRatings.stars })
      .from(orderRatings)
      .where(and(atPharmacy(orderRatings.pharmacyId), gte(orderRatings.createdAt, from), lt(orderRatings.createdAt, to))),
  ]);
  return {
    placedAt: placedRows.flatMap((row) => (row.placedAt ? [row.placedAt] : [])),
    accepted: acceptedRows.flatMap((row) => (row.placedAt && row.acceptedAt ? [{ placedAt: row.placedAt, acceptedAt: row.acceptedAt, status: row.status, vat: row.vat }] : [])),
    rejected: rejectedRows.map((row) => ({ rejectedBy: row.rejectedBy, reason: row.reason })),
    ratings: ratingRows.flatMap((row) => (row.stars != null ? [row.stars] : [])),
  };
}
