import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { stock } from './schema';

/*
 * Reads and writes of a pharmacy's stock for other features (cart checks, order placement). The
 * pharmacies feature owns the table; the rules for touching it live here once.
 */

/** Units per PZN at one pharmacy; a PZN it does not list has 0. */
export async function stockAt(db: Db, pharmacyId: string, pzns: readonly string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>(pzns.map((pzn) => [pzn, 0]));
  if (pzns.length === 0) return result;
  const rows = await prepared(db, 'stock_at', (on, name) =>
    on
      .select({ pzn: stock.pzn, quantity: stock.quantity })
      .from(stock)
      .where(and(eq(stock.pharmacyId, sql.placeholder('pharmacyId')), sql`${stock.pzn} = any(${sql.placeholder('pzns')})`))
      .prepare(name),
  ).execute({ pharmacyId, pzns: [...pzns] });
  for (const row of rows) result.set(row.pzn, Math.max(0, row.quantity));
  return result;
}

/**
 * Takes `quantity` units from the pharmacy's stock in one conditional statement: it succeeds only
 * while enough is left, so concurrent orders can never take stock below zero (PostgreSQL queues
 * them on the row lock and re-checks the condition on the newest row version).
 */
export async function takeStock(tx: Db, pharmacyId: string, pzn: string, quantity: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(stock)
    .set({ quantity: sql`${stock.quantity} - ${quantity}`, updatedAt: now })
    .where(and(eq(stock.pharmacyId, pharmacyId), eq(stock.pzn, pzn), sql`${stock.quantity} >= ${quantity}`))
    .returning({ pzn: stock.pzn });
  return rows.length === 1;
}

/** Gives units back (a rejected, expired or failed order). */
export async function returnStock(tx: Db, pharmacyId: string, pzn: string, quantity: number, now: Date): Promise<void> {
  await tx
    .update(stock)
    .set({ quantity: sql`${stock.quantity} + ${quantity}`, updatedAt: now })
    .where(and(eq(stock.pharmacyId, pharmacyId), eq(stock.pzn, pzn)));
}
