import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { fail, ok, type Result } from '../../../platform/http/result';
import type { ReportFailureCode } from '../../../platform/prescriptions';
import { localDate } from '../../../platform/time/wall-clock';
import { bounded, ERASURE_RETURN_WAIT_MS, tokenRefOf, warn, type PrescriptionDeps } from './deps';
import { eraseToken, expireDue, findPrescription, tokenBinding, type PrescriptionRow } from './repo';
import { coPaymentExemptions, prescriptionPendingReturns, prescriptions } from './schema';
import { viewsOf, type PrescriptionView } from './view';

/*
 * The prescription's way after redemption: into an order, dispensed, or given back. The ordering
 * step calls these inside its own transaction (load the vault before it starts, see deps.ts).
 */

export type PrescriptionLifecycleFailure = 'PRESCRIPTION_NOT_FOUND' | 'PRESCRIPTION_NOT_RETURNABLE' | 'PRESCRIPTION_EXPIRED' | ReportFailureCode;

async function lockedRows(tx: Db, ids: readonly string[], userId?: string): Promise<PrescriptionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(prescriptions)
    .where(and(inArray(prescriptions.id, [...ids]), userId ? eq(prescriptions.userId, userId) : undefined))
    .orderBy(asc(prescriptions.id))
    .for('update');
}

function openToken(deps: PrescriptionDeps, row: PrescriptionRow) {
  if (!row.tokenSealed) return null;
  return tokenRefOf(deps.vault.open(row.tokenSealed, tokenBinding(row.id, row.userId)));
}

/**
 * The customer's redeemed prescriptions `ids` as order lines would need them: each item at the
 * catalogue's price with its co-payment per pack and for the line (the exemption applied on
 * `now`'s Berlin date). Locks the rows. Fails PRESCRIPTION_NOT_FOUND for an id that is not the
 * customer's, PRESCRIPTION_EXPIRED for one past its last day, PRESCRIPTION_NOT_RETURNABLE for one
 * already in an order, dispensed or given back.
 */
export async function prescriptionsForOrder(tx: Db, userId: string, ids: readonly string[], now: Date): Promise<Result<PrescriptionView[], PrescriptionLifecycleFailure>> {
  const today = localDate(now);
  await expireDue(tx, today, now, userId);
  const rows = await lockedRows(tx, ids, userId);
  const unique = new Set(ids);
  if (rows.length !== unique.size) return fail('PRESCRIPTION_NOT_FOUND');
  const refused = rows.find((row) => row.status !== 'redeemed');
  if (refused) return fail(refused.status === 'expired' ? 'PRESCRIPTION_EXPIRED' : 'PRESCRIPTION_NOT_RETURNABLE');
  const stored = [];
  for (const id of ids) {
    const entry = await findPrescription(tx, userId, id);
    if (entry) stored.push(entry);
  }
  return ok(await viewsOf(tx, userId, stored, today));
}

/** Puts redeemed prescriptions into an order (after prescriptionsForOrder in the same transaction). */
export async function markInOrder(tx: Db, ids: readonly string[], orderId: string, now: Date): Promise<Result<void, 'PRESCRIPTION_NOT_RETURNABLE' | 'PRESCRIPTION_NOT_FOUND'>> {
  const rows = await lockedRows(tx, ids);
  if (rows.length !== new Set(ids).size) return fail('PRESCRIPTION_NOT_FOUND');
  if (rows.some((row) => row.status !== 'redeemed')) return fail('PRESCRIPTION_NOT_RETURNABLE');
  await tx.update(prescriptions).set({ status: 'in-order', orderId, updatedAt: now }).where(inArray(prescriptions.id, [...ids]));
  return ok(undefined);
}

/** An order that will not be dispensed (withdrawn, rejected, lapsed) lets its prescriptions go back to `redeemed`, for another order. */
export async function releaseFromOrder(tx: Db, ids: readonly string[], orderId: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(prescriptions)
    .set({ status: 'redeemed', orderId: null, updatedAt: now })
    .where(and(inArray(prescriptions.id, [...ids]), eq(prescriptions.orderId, orderId), eq(prescriptions.status, 'in-order')));
}

/**
 * The pharmacy handed the medicines out: the seam is told (the TI's $close; with an idempotency key
 * per prescription, so a transaction run again reports once), then the prescription is `dispensed`
 * and its token erased. A failed report changes nothing (the caller's transaction answers the failure).
 */
export async function markDispensed(tx: Db, deps: PrescriptionDeps, id: string, dispensed: readonly { pzn: string; quantity: number }[], now: Date): Promise<Result<void, PrescriptionLifecycleFailure>> {
  const [row] = await lockedRows(tx, [id]);
  if (!row) return fail('PRESCRIPTION_NOT_FOUND');
  if (row.status === 'dispensed') return ok(undefined);
  if (row.status !== 'in-order' && row.status !== 'redeemed') return fail('PRESCRIPTION_NOT_RETURNABLE');
  const token = openToken(deps, row);
  if (!token) return fail('PRESCRIPTION_NOT_FOUND');
  const reported = await deps.system.reportDispensed(token, { dispensed, idempotencyKey: `prescription-dispensed:${row.id}` }, { pharmacyId: row.pharmacyId });
  if (!reported.ok) return fail(reported.code);
  await eraseToken(tx, row.id, 'dispensed', now);
  return ok(undefined);
}

/**
 * Gives a prescription back to the pharmacy's system undispensed (the TI's $reject), so the
 * patient can redeem it elsewhere: `returned`, token erased. Only while it is not in an order
 * (`allowInOrder` for the ordering step's own rejection); PRESCRIPTION_NOT_RETURNABLE otherwise.
 * Returned or expired already: nothing to do. When the system cannot be reached it stays as it was
 * (PRESCRIPTION_SERVICE_UNAVAILABLE); when it says the prescription is gone (not found, dispensed
 * elsewhere, expired), the shop lets go of it too.
 */
export async function markReturned(tx: Db, deps: PrescriptionDeps, id: string, now: Date, options: { userId?: string; allowInOrder?: boolean } = {}): Promise<Result<void, PrescriptionLifecycleFailure>> {
  const [row] = await lockedRows(tx, [id], options.userId);
  if (!row) return fail('PRESCRIPTION_NOT_FOUND');
  if (row.status === 'returned' || row.status === 'expired') return ok(undefined);
  if (row.status === 'dispensed' || (row.status === 'in-order' && !options.allowInOrder)) return fail('PRESCRIPTION_NOT_RETURNABLE');
  const token = openToken(deps, row);
  const reported = token ? await deps.system.reportReturned(token, { pharmacyId: row.pharmacyId }) : ok(undefined);
  if (!reported.ok && reported.code === 'PRESCRIPTION_SERVICE_UNAVAILABLE') return fail(reported.code);
  await eraseToken(tx, row.id, !reported.ok && reported.code === 'PRESCRIPTION_EXPIRED' ? 'expired' : 'returned', now);
  return ok(undefined);
}

/**
 * The account's erasure (onAccountErased, inside its transaction): the exemption and every
 * prescription go. Redeemed ones are given back to the pharmacy's system so the patient can redeem them
 * elsewhere; the erasure waits for that at most ERASURE_RETURN_WAIT_MS and never fails on it
 * (decision 0011): what could not be reported is kept in prescription_pending_returns (token sealed
 * to that row, the pharmacy, nothing about the customer) for retryPendingReturns. Prescriptions in
 * an order are erased without a report: the pharmacy's system keeps its own handle from retrieving,
 * and the order's own erasure decides whether it is still dispensed.
 */
export async function erasePrescriptionsOf(tx: Db, loadDeps: () => Promise<PrescriptionDeps>, userId: string, now: Date): Promise<void> {
  // The exemption says something about the customer's health and income too.
  await tx.delete(coPaymentExemptions).where(eq(coPaymentExemptions.userId, userId));
  const rows = await tx.select().from(prescriptions).where(eq(prescriptions.userId, userId)).for('update');
  if (rows.length === 0) return;
  const toReturn = rows.filter((row) => row.status === 'redeemed' && row.tokenSealed);
  // Only now the key: an account without prescriptions needs none (and in demo mode it is read through `tx`).
  // Without a system or key (a shop not set up for E-Rezept) nothing can be reported: the rows go all the same.
  const deps = toReturn.length > 0 ? await loadDeps().catch(() => null) : null;
  const unavailable = fail('PRESCRIPTION_SERVICE_UNAVAILABLE' as const);
  const reports = await Promise.all(
    toReturn.map(async (row) => {
      if (!deps) return { row, canonical: null, reported: unavailable };
      let canonical: string;
      try {
        canonical = deps.vault.open(row.tokenSealed!, tokenBinding(row.id, row.userId));
      } catch {
        // Sealed under another key (the key was changed): nobody can report it any more.
        return { row, canonical: null, reported: unavailable };
      }
      const token = tokenRefOf(canonical);
      const reported = token ? await bounded(deps.system.reportReturned(token, { pharmacyId: row.pharmacyId }), ERASURE_RETURN_WAIT_MS, unavailable) : unavailable;
      return { row, canonical, reported };
    }),
  );
  // The account's rows go, tokens with them (items by ON DELETE CASCADE); only a token the system
  // could not take back yet stays, sealed anew to its pending row.
  await tx.delete(prescriptions).where(eq(prescriptions.userId, userId));
  for (const { row, canonical, reported } of reports) {
    if (!deps || reported.ok || !canonical || reported.code !== 'PRESCRIPTION_SERVICE_UNAVAILABLE') continue;
    warn('prescription of an erased account not given back yet, retried later', reported.code);
    const id = randomUUID();
    await tx.insert(prescriptionPendingReturns).values({ id, tokenSealed: deps.vault.seal(canonical, pendingBinding(id)), pharmacyId: row.pharmacyId, createdAt: now });
  }
}

const pendingBinding = (id: string) => `prescription-pending-return:${id}`;

/** Reports the pending returns of erased accounts again (the server's sweep); answers how many were reported and how many still wait. */
export async function retryPendingReturns(db: Db, deps: PrescriptionDeps, now: Date, limit = 50): Promise<{ returned: number; waiting: number }> {
  const pending = await db.select().from(prescriptionPendingReturns).orderBy(asc(prescriptionPendingReturns.createdAt)).limit(limit);
  let returned = 0;
  let waiting = 0;
  for (const entry of pending) {
    let token = null;
    try {
      token = tokenRefOf(deps.vault.open(entry.tokenSealed, pendingBinding(entry.id)));
    } catch {
      token = null;
    }
    const reported = token ? await deps.system.reportReturned(token, { pharmacyId: entry.pharmacyId }) : ok(undefined);
    // Anything but "not reachable" settles it: taken back, or no longer the shop's to give back.
    if (reported.ok || reported.code !== 'PRESCRIPTION_SERVICE_UNAVAILABLE') {
      await db.delete(prescriptionPendingReturns).where(eq(prescriptionPendingReturns.id, entry.id));
      returned += 1;
    } else {
      await db
        .update(prescriptionPendingReturns)
        .set({ attempts: entry.attempts + 1, lastAttemptAt: now })
        .where(eq(prescriptionPendingReturns.id, entry.id));
      waiting += 1;
    }
  }
  return { returned, waiting };
}
