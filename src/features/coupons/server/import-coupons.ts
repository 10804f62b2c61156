import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { catalogOutline } from '../../catalog';
import { couponPolicyFromEnv, type CouponPolicy } from '../model/public';
import { systemClock, type Clock } from '../../../platform/clock';
import { withTransaction, type Db } from '../../../platform/db';
import { validateCouponRecords, type CouponDefinition } from '../model/coupon-file';
import { couponColumns } from './coupon-rows';
import { coupons } from './schema';

export const COUPONS_FILE = 'coupons.json';

/** Every problem of coupons.json at once, each naming the record. */
export class CouponsValidationError extends Error {
  override readonly name = 'CouponsValidationError';

  constructor(readonly problems: readonly string[]) {
    super(`${COUPONS_FILE} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export interface CouponsImportReport {
  created: number;
  updated: number;
  unchanged: number;
}

type Comparable = ReturnType<typeof couponColumns> & { title: { en: string; de: string } | null; listed: boolean };

// jsonb keeps its own key order, so texts are rebuilt in one order before comparing.
const comparable = (columns: Comparable) =>
  JSON.stringify({
    ...columns,
    title: columns.title ? { en: columns.title.en, de: columns.title.de } : null,
    startsAt: columns.startsAt?.toISOString() ?? null,
    expiresAt: columns.expiresAt?.toISOString() ?? null,
  });

/**
 * Upserts by code, in one transaction: new codes are created, changed terms updated, and the usage
 * counters kept. A coupon dropped from the file stays as it is (set "active": false to withdraw it).
 */
export async function importCoupons(db: Db, definitions: readonly CouponDefinition[], now: Date): Promise<CouponsImportReport> {
  const report: CouponsImportReport = { created: 0, updated: 0, unchanged: 0 };
  await withTransaction(db, async (tx) => {
    for (const definition of definitions) {
      const columns = { ...couponColumns(definition.coupon), title: definition.title, listed: definition.listed };
      const [existing] = await tx.select().from(coupons).where(eq(coupons.code, columns.code));
      if (!existing) {
        await tx.insert(coupons).values({ id: randomUUID(), ...columns, createdAt: now, updatedAt: now });
        report.created += 1;
        continue;
      }
      const current = { ...couponColumnsOfRow(existing), title: existing.title, listed: existing.listed };
      if (comparable(current) === comparable(columns)) {
        report.unchanged += 1;
        continue;
      }
      // A limit lowered below the uses already made keeps those uses (the row's CHECK demands it).
      const usageLimit = columns.usageLimit === null ? null : Math.max(columns.usageLimit, existing.timesRedeemed);
      await tx.update(coupons).set({ ...columns, usageLimit, updatedAt: now }).where(eq(coupons.id, existing.id));
      report.updated += 1;
    }
  });
  return report;
}

function couponColumnsOfRow(row: typeof coupons.$inferSelect): ReturnType<typeof couponColumns> {
  return {
    code: row.code,
    type: row.type,
    discountKind: row.discountKind,
    amountCents: row.amountCents,
    percent: row.percent,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    minOrderCents: row.minOrderCents,
    maxOrderCents: row.maxOrderCents,
    minOrderCount: row.minOrderCount,
    maxOrderCount: row.maxOrderCount,
    usageLimit: row.usageLimit,
    usageLimitPerCustomer: row.usageLimitPerCustomer,
    scopeCategories: row.scopeCategories,
    scopePzns: row.scopePzns,
    customerId: row.customerId,
    active: row.active,
  };
}

/** Reads <dir>/coupons.json; a folder without the file has no coupons (null). */
export async function readCouponsFile(dir: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path.join(dir, COUPONS_FILE), 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (error instanceof SyntaxError) throw new CouponsValidationError([`${COUPONS_FILE}: not valid JSON (${error.message})`]);
    throw error;
  }
}

/**
 * Validates catalog/coupons.json against the catalogue in the database and imports it. Throws
 * CouponsValidationError listing every problem; then nothing is imported.
 */
export async function importCouponsFile(
  db: Db,
  dir: string,
  options: { policy?: CouponPolicy; clock?: Clock } = {},
): Promise<CouponsImportReport & { file: boolean }> {
  const records = await readCouponsFile(dir);
  if (records === null) return { created: 0, updated: 0, unchanged: 0, file: false };
  const policy = options.policy ?? couponPolicyFromEnv(process.env);
  const checked = validateCouponRecords(records, await catalogOutline(db), policy, path.join(path.relative(process.cwd(), dir) || '.', COUPONS_FILE));
  if (checked.problems.length > 0) throw new CouponsValidationError(checked.problems);
  return { ...(await importCoupons(db, checked.coupons, (options.clock ?? systemClock).now())), file: true };
}
