import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponsValidationError, importCouponsFile } from '../../../src/features/coupons';
import { coupons } from '../../../src/features/coupons/server/schema';
import { seedCatalog } from '../support/fixtures';
import { createTestDb, type TestDb } from '../support/test-db';

let testDb: TestDb;
let dir: string;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  dir = await mkdtemp(path.join(tmpdir(), 'apobote-coupons-'));
});
afterAll(async () => {
  await testDb?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const write = (records: unknown) => writeFile(path.join(dir, 'coupons.json'), JSON.stringify(records));
const stored = async (code: string) => (await testDb.db.select().from(coupons).where(eq(coupons.code, code)))[0];

describe('importing catalog/coupons.json', () => {
  it('is a no-op without the file', async () => {
    expect(await importCouponsFile(testDb.db, dir)).toEqual({ created: 0, updated: 0, unchanged: 0, file: false });
  });

  it('upserts by code: creates, leaves unchanged ones alone, updates terms and keeps usage counts', async () => {
    const records = [
      { code: 'welcome5', discount: { amountCents: 500 }, validUntil: '2030-12-31', minOrderCents: 2000, title: { en: 'Welcome', de: 'Willkommen' } },
      { code: 'VITA15', discount: { percent: 15 }, categories: ['vitamins'], usageLimit: 50 },
    ];
    await write(records);
    expect(await importCouponsFile(testDb.db, dir)).toMatchObject({ created: 2, updated: 0, unchanged: 0, file: true });
    expect(await importCouponsFile(testDb.db, dir)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    const welcome = await stored('WELCOME5');
    expect(welcome).toMatchObject({ type: 'PROMOTION', discountKind: 'amount', amountCents: 500, minOrderCents: 2000, listed: true, active: true, startsAt: null });
    // Valid through 31 Dec 2030 in Berlin: until midnight at the start of 1 January (CET, UTC+1).
    expect(welcome!.expiresAt!.toISOString()).toBe('2030-12-31T23:00:00.000Z');

    await testDb.db.update(coupons).set({ timesRedeemed: 7 }).where(eq(coupons.code, 'VITA15'));
    await write([records[0], { ...records[1], discount: { percent: 20 }, usageLimit: 5 }]);
    expect(await importCouponsFile(testDb.db, dir)).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    // The limit cannot drop below the uses already made.
    expect(await stored('VITA15')).toMatchObject({ percent: 20, timesRedeemed: 7, usageLimit: 7 });
  });

  it('refuses the whole file with every problem named, importing nothing', async () => {
    await write([
      { code: 'OK1', discount: { amountCents: 100 } },
      { code: 'OK1', discount: { amountCents: 100 } },
      { code: 'REF-ABCDEFGH', discount: { amountCents: 100 } },
      { code: 'NOCAT', discount: { percent: 10 }, categories: ['nope'] },
      { code: 'MEDS', discount: { amountCents: 100 }, pzns: ['10019621'] },
      { code: 'DATES', discount: { amountCents: 100 }, validFrom: '2030-02-01', validUntil: '2030-01-31' },
      { code: 'BOTH', discount: { amountCents: 100, percent: 5 } },
    ]);
    const error = await importCouponsFile(testDb.db, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CouponsValidationError);
    const problems = (error as CouponsValidationError).problems.join('\n');
    expect(problems).toMatch(/record 2 \(code "OK1"\): duplicate code "OK1"/);
    expect(problems).toMatch(/record 3 .*reserved for referral codes/);
    expect(problems).toMatch(/record 4 .*unknown category "nope"/);
    expect(problems).toMatch(/record 5 .*can never apply/);
    expect(problems).toMatch(/record 6 .*validUntil: must not be before validFrom/);
    expect(problems).toMatch(/record 7 \(code "BOTH"\): discount/);
    expect(await stored('OK1')).toBeUndefined();
  });

  it('reports a file that is not JSON', async () => {
    await writeFile(path.join(dir, 'coupons.json'), '[{"code": ');
    await expect(importCouponsFile(testDb.db, dir)).rejects.toBeInstanceOf(CouponsValidationError);
  });
});
