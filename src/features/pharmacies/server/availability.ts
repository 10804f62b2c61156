import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { stockStatus, type StockStatus } from '../model/stock-status';
import { pharmacies, stock } from './schema';

export interface AvailabilityItem {
  pzn: string;
  status: StockStatus;
  /** Only for "low": enough for "only 2 left" without publishing every pharmacy's exact stock. */
  quantity?: number;
}

/**
 * Availability of many products at one pharmacy in one query: the pharmacy left-joined to its
 * matching stock rows, so "no such pharmacy" (no row) and "no stock" (a row without pzn) are
 * told apart without a second round trip. Null when the pharmacy is unknown or inactive.
 */
export async function availabilityAt(db: Db, pharmacyId: string, pzns: readonly string[]): Promise<AvailabilityItem[] | null> {
  const rows = await db
    .select({ pzn: stock.pzn, quantity: stock.quantity })
    .from(pharmacies)
    .leftJoin(stock, and(eq(stock.pharmacyId, pharmacies.id), pzns.length > 0 ? inArray(stock.pzn, [...pzns]) : sql`false`))
    .where(and(eq(pharmacies.id, pharmacyId), eq(pharmacies.active, true)));
  if (rows.length === 0) return null;
  const quantities = new Map(rows.filter((row) => row.pzn !== null).map((row) => [row.pzn as string, row.quantity ?? 0]));
  return pzns.map((pzn) => {
    const quantity = quantities.get(pzn);
    const status = stockStatus(quantity);
    return status === 'low' && quantity !== undefined ? { pzn, status, quantity } : { pzn, status };
  });
}
