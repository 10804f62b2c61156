import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/platform/db';
import { outbox } from '../../src/platform/mail';
import { createTestDb, type TestDb } from './support/test-db';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

const row = (to: string) => ({ channel: 'email' as const, to, subject: null, text: 'x', html: null, createdAt: new Date('2026-06-16T08:00:00Z') });
const rowsTo = (to: string) => testDb.db.select().from(outbox).where(eq(outbox.to, to));

describe('withTransaction', () => {
  it('commits what a successful Result or a plain value wrote', async () => {
    const answer = await withTransaction(testDb.db, async (tx) => {
      await tx.insert(outbox).values(row('committed@example.de'));
      return { ok: true as const, value: 1 };
    });
    expect(answer).toEqual({ ok: true, value: 1 });
    expect(await withTransaction(testDb.db, async (tx) => (await tx.insert(outbox).values(row('plain@example.de')).returning()).length)).toBe(1);
    expect(await rowsTo('committed@example.de')).toHaveLength(1);
    expect(await rowsTo('plain@example.de')).toHaveLength(1);
  });

  it('rolls back and answers a failure Result as it was returned', async () => {
    const answer = await withTransaction(testDb.db, async (tx) => {
      await tx.insert(outbox).values(row('refused@example.de'));
      return { ok: false as const, code: 'SOLD_OUT' };
    });
    expect(answer).toEqual({ ok: false, code: 'SOLD_OUT' });
    expect(await rowsTo('refused@example.de')).toEqual([]);
  });

  it('rolls back and rethrows an error', async () => {
    await expect(
      withTransaction(testDb.db, async (tx) => {
        await tx.insert(outbox).values(row('thrown@example.de'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await rowsTo('thrown@example.de')).toEqual([]);
  });

  it('runs the work again after a serialization failure or deadlock, at most three times', async () => {
    let attempts = 0;
    const answer = await withTransaction(testDb.db, async (tx) => {
      attempts++;
      await tx.insert(outbox).values(row('retried@example.de'));
      if (attempts < 3) throw Object.assign(new Error('could not serialize access'), { code: attempts === 1 ? '40001' : '40P01' });
      return attempts;
    });
    expect(answer).toBe(3);
    expect(await rowsTo('retried@example.de')).toHaveLength(1);

    let tries = 0;
    await expect(
      withTransaction(testDb.db, async () => {
        tries++;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }),
    ).rejects.toThrow('deadlock detected');
    expect(tries).toBe(3);
  });
});
