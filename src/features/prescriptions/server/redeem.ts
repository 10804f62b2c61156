import { randomUUID } from 'node:crypto';
import { productsByPzn } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import { isUniqueViolation, withTransaction } from '../../../platform/db/transaction';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { fail, ok, type Failure, type Result } from '../../../platform/http/result';
import { localDate } from '../../../platform/time/wall-clock';
import { parsePrescriptionCode, parseTypedPrescription, type PrescriptionToken, type TokenResult } from '../model/token';
import { bounded, warn, type PrescriptionDeps } from './deps';
import { expireDue, findHeldByTokenHash, findPrescription, insertPrescription, tokenBinding, type StoredPrescription } from './repo';

export type RedeemInput = { code: string } | { prescriptionId: string; accessCode: string };

/** One token of the request that was not redeemed, by its 1-based place in the code (1 for typed fields). */
export interface RedeemFailure {
  position: number;
  failure: Failure;
}

export interface RedeemOutcome {
  /** Redeemed now, or redeemed earlier by this customer (the same token twice is one prescription). */
  redeemed: StoredPrescription[];
  failures: RedeemFailure[];
}

/** How long a report back to the system may hold up an answer (a prescription refused after retrieving). */
const GIVE_BACK_WAIT_MS = 2000;

/**
 * The tokens of a request, each with its place: a scanned code gives one entry per url (the same
 * token twice in one code counts once), typed fields one. A text that is no prescription code at
 * all fails as a whole.
 */
export function tokensOf(input: RedeemInput): Result<{ position: number; result: TokenResult }[], 'PRESCRIPTION_TOKEN_INVALID'> {
  if ('code' in input) {
    const scanned = parsePrescriptionCode(input.code);
    if (!scanned.ok) return scanned;
    return ok(scanned.value.entries.filter((entry) => !entry.duplicate).map(({ position, result }) => ({ position, result })));
  }
  return ok([{ position: 1, result: parseTypedPrescription(input) }]);
}

/**
 * Redeems each token for `userId` at `pharmacyId`: a token this customer already holds answers
 * the prescription they have; one held by another account is PRESCRIPTION_ALREADY_REDEEMED; else the
 * pharmacy's system retrieves it and the prescription is stored with its token sealed. The system
 * is asked outside any transaction (it may take seconds); each prescription is stored in its own.
 */
export async function redeem(db: Db, deps: PrescriptionDeps, input: { userId: string; pharmacyId: string; entries: { position: number; result: TokenResult }[]; now: Date }): Promise<RedeemOutcome> {
  await expireDue(db, localDate(input.now), input.now, input.userId);
  const outcome: RedeemOutcome = { redeemed: [], failures: [] };
  for (const { position, result } of input.entries) {
    const redeemed = result.ok ? await redeemToken(db, deps, input, result.value) : result;
    if (redeemed.ok) {
      if (!outcome.redeemed.some((entry) => entry.row.id === redeemed.value.row.id)) outcome.redeemed.push(redeemed.value);
    } else {
      outcome.failures.push({ position, failure: redeemed });
    }
  }
  return outcome;
}

async function redeemToken(db: Db, deps: PrescriptionDeps, input: { userId: string; pharmacyId: string; now: Date }, token: PrescriptionToken): Promise<Result<StoredPrescription>> {
  const tokenHash = deps.vault.lookupHash(token.canonical);
  const held = await heldBy(db, input.userId, tokenHash);
  if (held) return held;

  const retrieved = await deps.system.retrieve(token, { pharmacyId: input.pharmacyId });
  if (!retrieved.ok) return fail(retrieved.code);
  const prescription = retrieved.value;

  // Only medicines the shop lists can become order lines at a known price; otherwise the pharmacy
  // takes the prescription back at once, so the customer can redeem it elsewhere.
  const catalogue = await productsByPzn(db, prescription.medicines.map((medicine) => medicine.pzn));
  if (prescription.medicines.some((medicine) => !catalogue.get(medicine.pzn)?.active)) {
    await giveBack(deps, token, input.pharmacyId);
    return fail('PRESCRIPTION_PRODUCT_UNAVAILABLE');
  }
  if (prescription.expiresOn < localDate(input.now)) {
    await giveBack(deps, token, input.pharmacyId);
    return fail('PRESCRIPTION_EXPIRED');
  }

  const id = randomUUID();
  try {
    await withTransaction(db, (tx) =>
      insertPrescription(tx, {
        row: {
          id,
          userId: input.userId,
          pharmacyId: input.pharmacyId,
          tokenSealed: deps.vault.seal(token.canonical, tokenBinding(id, input.userId)),
          tokenHash,
          prescriptionId: token.prescriptionId,
          flowType: token.flowType,
          insurance: prescription.insurance,
          prescriberName: prescription.prescriber.name,
          prescriberPractice: prescription.prescriber.practice ?? null,
          issuedOn: prescription.issuedOn,
          expiresOn: prescription.expiresOn,
          status: 'redeemed',
          createdAt: input.now,
          updatedAt: input.now,
        },
        items: prescription.medicines.map((medicine, index) => ({
          position: index + 1,
          pzn: medicine.pzn,
          name: medicine.name,
          packs: medicine.quantity,
          // Aut idem is the rule: substitution is allowed unless the prescriber ruled it out.
          substitutionAllowed: medicine.autIdem ?? true,
        })),
      }),
    );
  } catch (error) {
    // The same token redeemed at the same moment (a double tap, two tabs): the first one stands.
    if (!isUniqueViolation(error)) throw error;
    return (await heldBy(db, input.userId, tokenHash)) ?? fail('PRESCRIPTION_ALREADY_REDEEMED');
  }
  const stored = await findPrescription(db, input.userId, id);
  if (!stored) throw new Error('stored prescription not found');
  return ok(stored);
}

/** The customer's own held prescription of this token; another account's is ALREADY_REDEEMED. */
async function heldBy(db: Db, userId: string, tokenHash: string): Promise<Result<StoredPrescription> | null> {
  const row = await findHeldByTokenHash(db, tokenHash);
  if (!row) return null;
  if (row.userId !== userId) return fail('PRESCRIPTION_ALREADY_REDEEMED');
  const stored = await findPrescription(db, userId, row.id);
  return stored ? ok(stored) : null;
}

async function giveBack(deps: PrescriptionDeps, token: PrescriptionToken, pharmacyId: string): Promise<void> {
  const failed: ErrorCode = 'PRESCRIPTION_SERVICE_UNAVAILABLE';
  const returned = await bounded(deps.system.reportReturned(token, { pharmacyId }), GIVE_BACK_WAIT_MS, fail(failed));
  if (!returned.ok) warn('refused prescription not given back to the pharmacy system', returned.code);
}
