import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWallet, debitWallet, refundWalletDebit, walletBalance } from '../../../src/features/wallet';
import { walletAccounts, walletTransactions } from '../../../src/features/wallet/server/schema';
import { siteConfig } from '../../../src/platform/config/site';
import { testApi, WEEKDAY_MORNING } from '../support/api';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import { inTx, orderId, shopper, type Shopper } from '../coupons/harness';

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
const now = new Date(WEEKDAY_MORNING);
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

beforeAll(async () => {
  testDb = await createTestDb();
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

type Wallet = {
  balance_cents: number;
  transactions: { amount_cents: number; kind: string; order_id: string | null; balance_after_cents: number; label: { en: string; de: string } }[];
  usage_description: { en: string; de: string };
};
const wallet = (token: string) => call<Wallet>(app, '/v1/user/wallet', { token });

const credit = (customer: Shopper, cents: number, order: string | null = orderId(), at = now) =>
  inTx(testDb.db, (tx) => creditWallet(tx, { userId: customer.id, cents, kind: 'referral_reward', orderId: order, now: at }));
const debit = (customer: Shopper, cents: number, order = orderId(), at = now) =>
  inTx(testDb.db, (tx) => debitWallet(tx, { userId: customer.id, orderId: order, cents, now: at }));

describe('GET /v1/user/wallet', () => {
  it('needs a login', async () => {
    expect((await call(app, '/v1/user/wallet')).status).toBe(401);
  });

  it('starts empty and says how credit is used and whom to ask (wallet_usage_description)', async () => {
    const customer = await shopper(app);
    const answer = await wallet(customer.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ balance_cents: 0, transactions: [] });
    const { support } = siteConfig();
    expect(answer.body.usage_description.en).toContain('at checkout');
    expect(answer.body.usage_description.en).toContain('cannot be paid out');
    expect(answer.body.usage_description.de).toContain('an der Kasse');
    for (const text of Object.values(answer.body.usage_description)) {
      expect(text).toContain(support.phone);
      expect(text).toContain(support.email);
    }
  });

  it('shows the balance and the statement newest first, and only the customer’s own', async () => {
    const customer = await shopper(app);
    const other = await shopper(app);
    const order = orderId();
    await credit(customer, 1000, orderId(), now);
    await debit(customer, 300, order, later(1));
    await inTx(testDb.db, (tx) => refundWalletDebit(tx, { orderId: order, now: later(2) }));
    const answer = await wallet(customer.token);
    expect(answer.body.balance_cents).toBe(1000);
    expect(answer.body.transactions.map((row) => [row.kind, row.amount_cents, row.balance_after_cents])).toEqual([
      ['order_refund', 300, 1000],
      ['order_debit', -300, 700],
      ['referral_reward', 1000, 1000],
    ]);
    expect(answer.body.transactions[2]!.label).toEqual({ en: 'Referral reward', de: 'Prämie für eine Empfehlung' });
    expect((await wallet(other.token)).body).toMatchObject({ balance_cents: 0, transactions: [] });
  });
});

describe('wallet ledger', () => {
  it('credits once per (kind, order), however often or concurrently delivery is reported', async () => {
    const referrer = await shopper(app);
    const order = orderId();
    const results = await Promise.all(Array.from({ length: 10 }, () => credit(referrer, 1000, order)));
    expect(results.filter((result) => result.credited)).toHaveLength(1);
    expect(await walletBalance(testDb.db, referrer.id)).toBe(1000);
    expect((await credit(referrer, 1000, order)).credited).toBe(false);
    expect(await testDb.db.select().from(walletTransactions).where(eq(walletTransactions.userId, referrer.id))).toHaveLength(1);
    // Another order rewards again.
    expect((await credit(referrer, 1000)).credited).toBe(true);
    expect(await walletBalance(testDb.db, referrer.id)).toBe(2000);
  });

  it('refuses a debit beyond the balance and writes nothing', async () => {
    const customer = await shopper(app);
    expect(await debit(customer, 1)).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
    await credit(customer, 500);
    expect(await debit(customer, 501)).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
    expect(await debit(customer, 0)).toEqual({ ok: true, balanceCents: 500 });
    expect(await debit(customer, 500)).toEqual({ ok: true, balanceCents: 0 });
    const rows = await testDb.db.select().from(walletTransactions).where(eq(walletTransactions.userId, customer.id));
    expect(rows.map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([-500, 500]);
  });

  it('never lets concurrent checkouts take the balance below zero', async () => {
    const customer = await shopper(app);
    await credit(customer, 1000);
    const results = await Promise.all(Array.from({ length: 20 }, () => debit(customer, 300)));
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === 'WALLET_INSUFFICIENT')).toBe(true);
    expect(await walletBalance(testDb.db, customer.id)).toBe(100);
    const [account] = await testDb.db.select().from(walletAccounts).where(eq(walletAccounts.userId, customer.id));
    expect(account!.balanceCents).toBe(100);
  });

  it('debits an order once, and refunds it once', async () => {
    const customer = await shopper(app);
    await credit(customer, 1000);
    const order = orderId();
    await Promise.all([debit(customer, 400, order), debit(customer, 400, order)]);
    expect(await walletBalance(testDb.db, customer.id)).toBe(600);
    const refunds = await Promise.all([1, 2, 3].map(() => inTx(testDb.db, (tx) => refundWalletDebit(tx, { orderId: order, now }))));
    expect(refunds.map((result) => result.refundedCents).sort()).toEqual([0, 0, 400]);
    expect(await walletBalance(testDb.db, customer.id)).toBe(1000);
    expect(await refundWalletDebit(testDb.db, { orderId: 'never-debited', now })).toEqual({ ok: true, refundedCents: 0 });
  });

  it('rolls back with the caller’s transaction', async () => {
    const customer = await shopper(app);
    await credit(customer, 1000);
    await expect(
      inTx(testDb.db, async (tx) => {
        await debitWallet(tx, { userId: customer.id, orderId: orderId(), cents: 1000, now });
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    expect(await walletBalance(testDb.db, customer.id)).toBe(1000);
  });

  it('refuses amounts that are not whole non-negative cents', async () => {
    const customer = await shopper(app);
    await expect(debit(customer, -1)).rejects.toThrow(RangeError);
    await expect(credit(customer, 1.5)).rejects.toThrow(RangeError);
  });
});

describe('account erasure', () => {
  it('lets the remaining credit lapse with an adjustment and keeps the statement balanced', async () => {
    const customer = await shopper(app);
    await credit(customer, 700);
    expect((await call(app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);
    expect(await walletBalance(testDb.db, customer.id)).toBe(0);
    const rows = await testDb.db.select().from(walletTransactions).where(eq(walletTransactions.userId, customer.id));
    expect(rows.map((row) => [row.kind, row.amountCents]).sort()).toEqual([
      ['adjustment', -700],
      ['referral_reward', 700],
    ]);
    // Stamped on the injected clock (the API's fixed Tuesday morning), not the machine's.
    expect(rows.find((row) => row.kind === 'adjustment')?.createdAt).toEqual(now);
  });
});
