import { and, eq, inArray } from 'drizzle-orm';
import { products } from '../../catalog';
import type { Db } from '../../../platform/db/client';

export type ProductRow = typeof products.$inferSelect;

/** The catalogue rows of the given PZNs, inactive ones included (the cart must notice withdrawals). */
export async function productsByPzn(db: Db, pzns: readonly string[]): Promise<Map<string, ProductRow>> {
  if (pzns.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.pzn, [...pzns]));
  return new Map(rows.map((row) => [row.pzn, row]));
}

/** A product that can be listed and sold (Rx still comes back: the caller refuses it with its own code). */
export async function activeProduct(db: Db, pzn: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.pzn, pzn), eq(products.active, true)));
  return row ?? null;
}
