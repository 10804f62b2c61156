import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { cartItems, carts } from './schema';

/*
 * Every write is a single statement, so concurrent requests of one customer (rapid clicks, two
 * devices) are serialised by the row lock PostgreSQL takes for that statement and none is lost;
 * on PGlite, with its single connection, statements run one after another anyway.
 */

export interface ItemRow {
  pzn: string;
  quantity: number;
}

export async function cartPharmacy(db: Db, userId: string): Promise<string | null> {
  const [row] = await prepared(db, 'cart_pharmacy', (on, name) =>
    on.select({ pharmacyId: carts.pharmacyId }).from(carts).where(eq(carts.userId, sql.placeholder('userId'))).prepare(name),
  ).execute({ userId });
  return row?.pharmacyId ?? null;
}

export async function setCartPharmacy(db: Db, userId: string, pharmacyId: string, now: Date): Promise<void> {
  await prepared(db, 'set_cart_pharmacy', (on, name) =>
    on
      .insert(carts)
      .values({ userId: sql.placeholder('userId'), pharmacyId: sql.placeholder('pharmacyId'), updatedAt: sql.placeholder('now') })
      .onConflictDoUpdate({ target: carts.userId, set: { pharmacyId: sql`excluded.pharmacy_id`, updatedAt: sql`excluded.updated_at` } })
      .prepare(name),
  ).execute({ userId, pharmacyId, now });
}

/** Lines in the order they were first added, so the cart does not reshuffle as quantities change. */
export async function cartLines(db: Db, userId: string): Promise<ItemRow[]> {
  return prepared(db, 'cart_lines', (on, name) =>
    on
      .select({ pzn: cartItems.pzn, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, sql.placeholder('userId')))
      .orderBy(cartItems.addedAt, cartItems.pzn)
      .prepare(name),
  ).execute({ userId });
}

/** Sets a line's quantity (creating the line); last writer wins, which is what "set" means. */
export async function putQuantity(db: Db, userId: string, pzn: string, quantity: number, now: Date): Promise<void> {
  await prepared(db, 'put_cart_quantity', (on, name) =>
    on
      .insert(cartItems)
      .values({ userId: sql.placeholder('userId'), pzn: sql.placeholder('pzn'), quantity: sql.placeholder('quantity'), addedAt: sql.placeholder('now') })
      .onConflictDoUpdate({ target: [cartItems.userId, cartItems.pzn], set: { quantity: sql`excluded.quantity` } })
      .prepare(name),
  ).execute({ userId, pzn, quantity, now });
}

export interface IncrementOutcome {
  /** The stored quantity, or null when the maximum refused the increment (nothing changed). */
  quantity: number | null;
  /** What the customer asked for in total (previous + by): more than `quantity` means stock capped it. */
  requested: number;
}

/**
 * Adds `by` to a line: the new quantity is capped at `cap` (what the pharmacy holds), and an
 * increment that would pass `max` changes nothing. The line is locked (SELECT … FOR UPDATE) for the
 * transaction, so on PostgreSQL concurrent increments queue on it and each sees its predecessor's
 * result; PGlite runs a transaction exclusively on its single connection.
 */
export async function incrementQuantity(
  db: Db,
  userId: string,
  pzn: string,
  by: number,
  limits: { max: number; cap: number },
  now: Date,
): Promise<IncrementOutcome> {
  return db.transaction(async (tx) => {
    const line = and(eq(cartItems.userId, userId), eq(cartItems.pzn, pzn));
    const [locked] = await tx.select({ quantity: cartItems.quantity }).from(cartItems).where(line).for('update');
    if (!locked) {
      // No row to lock yet. If a concurrent first add inserts it meanwhile, this insert waits for
      // that transaction and then does nothing: lock the row it left and count on from there.
      const inserted = await tx
        .insert(cartItems)
        .values({ userId, pzn, quantity: Math.min(by, limits.cap), addedAt: now })
        .onConflictDoNothing()
        .returning({ quantity: cartItems.quantity });
      if (inserted[0]) return { quantity: inserted[0].quantity, requested: by };
    }
    const [current] = locked ? [locked] : await tx.select({ quantity: cartItems.quantity }).from(cartItems).where(line).for('update');
    const requested = (current?.quantity ?? 0) + by;
    if (requested > limits.max) return { quantity: null, requested };
    const quantity = Math.min(requested, limits.cap);
    await tx.update(cartItems).set({ quantity }).where(line);
    return { quantity, requested };
  });
}

/** Reduces a line to at most `cap` units in one statement (never raises it: a concurrent decrease wins). */
export async function capQuantity(db: Db, userId: string, pzn: string, cap: number): Promise<void> {
  if (cap <= 0) {
    await removeLine(db, userId, pzn);
    return;
  }
  await db
    .update(cartItems)
    .set({ quantity: sql`least(${cartItems.quantity}, ${cap})` })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.pzn, pzn)));
}

export async function removeLine(db: Db, userId: string, pzn: string): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.pzn, pzn)))
    .returning({ pzn: cartItems.pzn });
  return rows.length > 0;
}

export async function clearLines(db: Db, userId: string): Promise<void> {
  await clearLinesStatement(db, userId);
}

/** clearLines unexecuted, for a caller that runs it inside one of its own statements (the placement's). */
export function clearLinesStatement(db: Db, userId: string) {
  return db.delete(cartItems).where(eq(cartItems.userId, userId)).returning({ pzn: cartItems.pzn });
}

/** Account erasure: the cart and its pharmacy choice go with the account. */
export async function eraseCart(tx: Db, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(carts).where(eq(carts.userId, userId));
}
