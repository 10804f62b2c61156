import { and, desc, eq } from 'drizzle-orm';
import { products, toProductDto, type ProductDto } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import { favorites } from './schema';

/** Newest first; withdrawn products drop out of the list (the row stays, should it come back). */
export async function listFavorites(db: Db, userId: string): Promise<ProductDto[]> {
  const rows = await db
    .select({ product: products })
    .from(favorites)
    .innerJoin(products, eq(products.pzn, favorites.pzn))
    .where(and(eq(favorites.userId, userId), eq(products.active, true)))
    .orderBy(desc(favorites.createdAt), favorites.pzn);
  return rows.map((row) => toProductDto(row.product));
}

export async function isListedProduct(db: Db, pzn: string): Promise<boolean> {
  const [row] = await db
    .select({ pzn: products.pzn })
    .from(products)
    .where(and(eq(products.pzn, pzn), eq(products.active, true)));
  return row !== undefined;
}

/** True when the favourite is new; one statement, so a double click never creates two rows. */
export async function addFavorite(db: Db, userId: string, pzn: string, now: Date): Promise<boolean> {
  const rows = await db.insert(favorites).values({ userId, pzn, createdAt: now }).onConflictDoNothing().returning({ pzn: favorites.pzn });
  return rows.length > 0;
}

export async function removeFavorite(db: Db, userId: string, pzn: string): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.pzn, pzn)))
    .returning({ pzn: favorites.pzn });
  return rows.length > 0;
}

/** Account erasure: favourites go with the account. */
export async function eraseFavorites(tx: Db, userId: string): Promise<void> {
  await tx.delete(favorites).where(eq(favorites.userId, userId));
}
