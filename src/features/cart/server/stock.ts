import { and, eq, inArray } from 'drizzle-orm';
import { pharmacies, stock } from '../../pharmacies';
import type { Db } from '../../../platform/db/client';

/** Units in stock per PZN at one pharmacy; a PZN the pharmacy does not list has 0. */
export async function stockAt(db: Db, pharmacyId: string, pzns: readonly string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>(pzns.map((pzn) => [pzn, 0]));
  if (pzns.length === 0) return result;
  const rows = await db
    .select({ pzn: stock.pzn, quantity: stock.quantity })
    .from(stock)
    .where(and(eq(stock.pharmacyId, pharmacyId), inArray(stock.pzn, [...pzns])));
  for (const row of rows) result.set(row.pzn, Math.max(0, row.quantity));
  return result;
}

export async function isActivePharmacy(db: Db, pharmacyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(and(eq(pharmacies.id, pharmacyId), eq(pharmacies.active, true)));
  return row !== undefined;
}
