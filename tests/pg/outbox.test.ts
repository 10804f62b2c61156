import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/platform/mail/outbox';
import { enqueueMessage, outboxAttempts, outboxMessages } from '../../src/platform/outbox';
import { withTransaction } from '../../src/platform/db';
import { orderTarget, placeOrder, registerCustomer } from '../support/live-order';
import { createPgTestDb, freePort, startKillableServer, type KillableServer } from './support';
import type { TestDb } from '../api/support/test-db';

/*
 * No message is lost (decision 0012), with real server processes (scripts/start.ts, the shipped
 * build) on one PostgreSQL database:
 * - a server killed with SIGKILL right after answering "Order and pay", before the confirmation
 *   left (its outbox worker is off, OUTBOX_WORKER=off, so the mail is surely still waiting): the
 *   servers started next on the database send it, once;
 * - two processes with a worker each, N messages: each delivered exactly once.
 */

let testDb: TestDb & { url: string };
const servers: KillableServer[] = [];
let log = '';

const env = () => ({ DATABASE_URL: testDb.url, APOBOTE_MODE: 'demo', PASSWORD_HASH_COST: '10', OUTBOX_POLL_MS: '500' });
const start = async (extra: NodeJS.ProcessEnv = {}) => {
  const server = await startKillableServer({ port: await freePort(), env: { ...env(), ...extra }, output: (text) => (log += text) });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  testDb = await createPgTestDb();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await testDb?.close();
});

const devMails = (to: string) => testDb.db.select().from(outbox).where(eq(outbox.to, to));

describe('the outbox across crashes and processes (PostgreSQL)', () => {
  it('a server killed right after the answer, before the mail left: the next start sends it, exactly once', async () => {
    const crashing = await start({ OUTBOX_WORKER: 'off' });
    const target = await orderTarget();
    const customer = await registerCustomer(crashing.baseUrl, 'outbox-crash');
    const order = await placeOrder(crashing.baseUrl, customer.token, target);
    await crashing.kill();

    const confirmation = and(eq(outboxMessages.kind, 'order.received'), like(outboxMessages.idempotencyKey, `order:${order.id}:%`));
    expect(await testDb.db.select({ status: outboxMessages.status }).from(outboxMessages).where(confirmation)).toEqual([{ status: 'pending' }]);
    const aboutOrder = async () => (await devMails(customer.email)).filter((mail) => mail.text.includes(order.order_number));
    expect(await aboutOrder()).toEqual([]);

    // Two servers come up on the database; either may send it.
    await Promise.all([start(), start()]);
    await expect.poll(async () => (await testDb.db.select({ status: outboxMessages.status }).from(outboxMessages).where(confirmation))[0]?.status, { timeout: 30_000, interval: 200 }).toBe('sent');
    expect((await aboutOrder()).map((mail) => mail.subject)).toEqual([expect.stringContaining(order.order_number)]);
    const [row] = await testDb.db.select({ id: outboxMessages.id }).from(outboxMessages).where(confirmation);
    expect((await testDb.db.select().from(outboxAttempts).where(eq(outboxAttempts.messageId, row!.id))).map((attempt) => attempt.outcome)).toEqual(['sent']);
    // The log names ids and kinds, never the customer.
    expect(log).not.toContain(customer.email);
  }, 240_000);

  it('two processes with a worker each, 120 messages written at once: each delivered exactly once', async () => {
    const running = servers.filter((_, index) => index > 0);
    expect(running).toHaveLength(2);
    const keys = Array.from({ length: 120 }, (_, i) => `two-processes:${i}`);
    await withTransaction(testDb.db, async (tx) => {
      for (const [i, key] of keys.entries()) {
        const to = `customer${i}@example.org`;
        await enqueueMessage(tx, { kind: 'test.bulk', channel: 'email', key, to, payload: { to, subject: `Message ${i}`, text: `Hello ${i}` } }, new Date());
      }
    });
    const pendingOrSending = () =>
      testDb.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.kind, 'test.bulk'), sql`${outboxMessages.status} <> 'sent'`));
    await expect.poll(async () => Number((await pendingOrSending())[0]?.n), { timeout: 60_000, interval: 250 }).toBe(0);

    const ids = (await testDb.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.kind, 'test.bulk'))).map((row) => row.id);
    const attempts = await testDb.db.select().from(outboxAttempts).where(inArray(outboxAttempts.messageId, ids));
    // One attempt per message, each sent: no message went out twice, none was left.
    expect(attempts).toHaveLength(keys.length);
    expect(new Set(attempts.map((attempt) => attempt.messageId)).size).toBe(keys.length);
    expect(attempts.every((attempt) => attempt.outcome === 'sent')).toBe(true);
    const delivered = await testDb.db.select().from(outbox).where(inArray(outbox.messageKey, keys));
    expect(delivered).toHaveLength(keys.length);
    console.log(`two-processes outbox: ${new Set(attempts.map((attempt) => attempt.worker)).size} worker(s) delivered ${keys.length} messages`);
  }, 120_000);
});
