import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { withItems } from './repo';
import { prescriptions } from './schema';
import { exemptionView, viewsOf, type ExemptionView, type PrescriptionView } from './view';

/*
 * Reads for the ordering step (the orders feature): which redeemed prescriptions a draft can take,
 * and an order's prescriptions as its pharmacy sees them. Never the token.
 */

/** The customer's prescriptions among `ids` (the others are not theirs, or do not exist). */
export async function ownPrescriptionIds(db: Db, userId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .where(and(eq(prescriptions.userId, userId), inArray(prescriptions.id, [...ids])));
  return rows.map((row) => row.id);
}

/** The customer's redeemed prescriptions not past their last day (Berlin `today`), oldest first, with the pharmacy holding each. */
export async function redeemedPrescriptionsOf(db: Db, userId: string, today: string): Promise<{ id: string; pharmacyId: string }[]> {
  const rows = await db
    .select({ id: prescriptions.id, pharmacyId: prescriptions.pharmacyId, expiresOn: prescriptions.expiresOn })
    .from(prescriptions)
    .where(and(eq(prescriptions.userId, userId), eq(prescriptions.status, 'redeemed')))
    .orderBy(asc(prescriptions.createdAt), asc(prescriptions.id));
  return rows.filter((row) => row.expiresOn >= today).map(({ id, pharmacyId }) => ({ id, pharmacyId }));
}

/** An order's prescriptions (ids from its lines) as its pharmacy sees them, with the customer's exemption on `today`. */
export async function prescriptionsOfOrder(db: Db, userId: string, ids: readonly string[], today: string): Promise<{ prescriptions: PrescriptionView[]; exemption: ExemptionView }> {
  const exemption = await exemptionView(db, userId, today);
  if (ids.length === 0) return { prescriptions: [], exemption };
  const rows = await db
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.userId, userId), inArray(prescriptions.id, [...ids])))
    .orderBy(asc(prescriptions.id));
  return { prescriptions: await viewsOf(db, userId, await withItems(db, rows), today), exemption };
}
