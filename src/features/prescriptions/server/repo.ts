import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { coPaymentExemptions, HELD_STATUSES, prescriptionItems, prescriptions, type PrescriptionStatus } from './schema';

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type PrescriptionItemRow = typeof prescriptionItems.$inferSelect;
export interface StoredPrescription {
  row: PrescriptionRow;
  items: PrescriptionItemRow[];
}

/** What the vault binds a sealed token to: its row and its customer, so a value copied elsewhere does not open. */
export const tokenBinding = (id: string, userId: string): string => `prescription:${id}:${userId}`;

const HELD = [...HELD_STATUSES];

export async function withItems(db: Db, rows: PrescriptionRow[]): Promise<StoredPrescription[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(prescriptionItems)
    .where(inArray(prescriptionItems.prescriptionId, rows.map((row) => row.id)))
    .orderBy(asc(prescriptionItems.position));
  return rows.map((row) => ({ row, items: items.filter((item) => item.prescriptionId === row.id) }));
}

/** One of the customer's prescriptions, or null (also for another customer's id). */
export async function findPrescription(db: Db, userId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<StoredPrescription | null> {
  const query = db.select().from(prescriptions).where(and(eq(prescriptions.id, id), eq(prescriptions.userId, userId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ? (await withItems(db, [row]))[0]! : null;
}

/** The held prescription of a token (by the vault's lookup hash), whoever's it is. */
export async function findHeldByTokenHash(db: Db, tokenHash: string): Promise<PrescriptionRow | null> {
  const [row] = await db
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.tokenHash, tokenHash), inArray(prescriptions.status, HELD)));
  return row ?? null;
}

/** The customer's list: held ones, and dispensed or expired ones of the last `recentSince`; newest first. Given back ones are left out. */
export async function listPrescriptions(db: Db, userId: string, recentSince: Date): Promise<StoredPrescription[]> {
  const rows = await db
    .select()
    .from(prescriptions)
    .where(
      and(
        eq(prescriptions.userId, userId),
        or(inArray(prescriptions.status, HELD), and(inArray(prescriptions.status, ['dispensed', 'expired']), gte(prescriptions.updatedAt, recentSince))),
      ),
    )
    .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id));
  return withItems(db, rows);
}

export interface NewPrescription {
  row: Omit<PrescriptionRow, 'orderId'>;
  items: Omit<PrescriptionItemRow, 'prescriptionId'>[];
}

export async function insertPrescription(tx: Db, input: NewPrescription): Promise<void> {
  await tx.insert(prescriptions).values({ ...input.row, orderId: null });
  await tx.insert(prescriptionItems).values(input.items.map((item) => ({ ...item, prescriptionId: input.row.id })));
}

/**
 * Erases the sealed token and moves the prescription to a status in which the shop no longer holds
 * it (dispensed, returned, expired). The token is the bearer secret: once the pharmacy has
 * dispensed or given the prescription back, or it has run out, nothing may redeem it from here.
 */
export async function eraseToken(tx: Db, id: string, status: Exclude<PrescriptionStatus, 'redeemed' | 'in-order'>, now: Date): Promise<void> {
  await tx.update(prescriptions).set({ tokenSealed: null, status, updatedAt: now }).where(eq(prescriptions.id, id));
}

/**
 * Expiry (lazily for one customer when their prescriptions are read, or for everyone from the
 * sweep): a redeemed prescription past its last day (`expires_on` < today in Berlin) becomes
 * `expired` and its token is erased. Prescriptions in an order are the order's to settle. Answers
 * how many expired.
 */
export async function expireDue(db: Db, today: string, now: Date, userId?: string): Promise<number> {
  const expired = await db
    .update(prescriptions)
    .set({ tokenSealed: null, status: 'expired', updatedAt: now })
    .where(and(eq(prescriptions.status, 'redeemed'), lt(prescriptions.expiresOn, today), userId ? eq(prescriptions.userId, userId) : sql`true`))
    .returning({ id: prescriptions.id });
  return expired.length;
}

/** The stated exemption's last day, or null. */
export async function exemptionOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ validUntil: coPaymentExemptions.validUntil }).from(coPaymentExemptions).where(eq(coPaymentExemptions.userId, userId));
  return row?.validUntil ?? null;
}

export async function saveExemption(db: Db, userId: string, validUntil: string | null, now: Date): Promise<void> {
  if (validUntil === null) {
    await db.delete(coPaymentExemptions).where(eq(coPaymentExemptions.userId, userId));
    return;
  }
  await db
    .insert(coPaymentExemptions)
    .values({ userId, validUntil, updatedAt: now })
    .onConflictDoUpdate({ target: coPaymentExemptions.userId, set: { validUntil, updatedAt: now } });
}
