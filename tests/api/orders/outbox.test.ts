import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryError } from '../../../src/platform/mail';
import {
  claimDue,
  DEFAULT_OUTBOX_SETTINGS,
  drainOutbox as drainWith,
  enqueueMessage,
  outboxAttempts,
  outboxMessages,
  retryDelayMs,
  startOutboxWorker,
  type OutboxDelivery,
  type OutboxTransport,
} from '../../../src/platform/outbox';
import { listOutbox } from '../../../src/platform/mail';
import { withTransaction } from '../../../src/platform/db';
import { PHARMACY } from '../support/fixtures';
import { DAILY, deliverEvents, mailsTo, newKey, OPEN, payFor, pharmacistToken, place, PLASTER, readyDraft, setStock, staffPost, useOrdersApp, VISA, writtenFor } from './harness';

/*
 * The transactional outbox (decision 0012): messages are rows written with the change that causes
 * them, delivered by a worker that claims them with FOR UPDATE SKIP LOCKED, retries with
 * exponential backoff by the injected clock, dead-letters after the last attempt, reclaims what a
 * dead worker held after its lease, and hands the provider one idempotency key per message.
 */

const h = useOrdersApp();
afterEach(() => {
  h.clock.set(OPEN);
  vi.restoreAllMocks();
});

const SECOND = 1000;
let kinds = 0;
/** A kind of its own per test, so rows of other tests (orders placed) stay out of the way. */
const uniqueKind = () => `test.kind-${(kinds += 1)}`;

/** Only this test's rows: a transport that takes the rest as the development outbox would. */
function recorder(kind: string, behaviour: (delivery: OutboxDelivery) => Promise<void> = async () => undefined) {
  const seen: OutboxDelivery[] = [];
  const transport: OutboxTransport = {
    async deliver(delivery) {
      if (delivery.kind !== kind) return 'sent';
      seen.push(delivery);
      await behaviour(delivery);
      return 'sent';
    },
  };
  return { seen, transport };
}

const rowsOf = (kind: string) => h.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind)).orderBy(asc(outboxMessages.id));
const attemptsOf = (id: number) => h.db.select().from(outboxAttempts).where(eq(outboxAttempts.messageId, id)).orderBy(asc(outboxAttempts.attempt));

describe('the outbox worker', () => {
  it('claims due messages once: a second claim meanwhile gets none, and a claim whose lease ran out is taken again with the same key', async () => {
    const kind = uniqueKind();
    await h.drain();
    for (const n of [1, 2, 3]) await enqueueMessage(h.db, { kind, channel: 'email', key: `${kind}:${n}`, to: `person${n}@example.org`, payload: { to: `person${n}@example.org`, subject: 's', text: 't' } }, h.clock.now());
    const settings = { ...DEFAULT_OUTBOX_SETTINGS, leaseMs: 60 * SECOND };

    const first = await claimDue(h.db, h.clock.now(), settings, 'worker-a');
    const second = await claimDue(h.db, h.clock.now(), settings, 'worker-b');
    expect(first.filter((row) => row.kind === kind).map((row) => row.idempotencyKey)).toEqual([`${kind}:1`, `${kind}:2`, `${kind}:3`]);
    expect(first.every((row) => row.status === 'sending' && row.attempts === 1 && row.lockedBy === 'worker-a')).toBe(true);
    expect(second).toEqual([]);

    // worker-a died: after its lease, worker-b takes them, keys unchanged, the attempt counted.
    h.clock.advance(59 * SECOND);
    expect(await claimDue(h.db, h.clock.now(), settings, 'worker-b')).toEqual([]);
    h.clock.advance(1 * SECOND);
    const reclaimed = (await claimDue(h.db, h.clock.now(), settings, 'worker-b')).filter((row) => row.kind === kind);
    expect(reclaimed.map((row) => [row.idempotencyKey, row.attempts, row.lockedBy])).toEqual([1, 2, 3].map((n) => [`${kind}:${n}`, 2, 'worker-b']));
    // Masked for the back office; the payload holds the address, the recipient column does not.
    expect((await rowsOf(kind)).map((row) => row.recipient)).toEqual(['p***@example.org', 'p***@example.org', 'p***@example.org']);

    h.clock.advance(60 * SECOND);
    const { seen, transport } = recorder(kind);
    await drainWith({ db: h.db, clock: h.clock, transports: { email: transport } });
    expect(seen.map((delivery) => delivery.idempotencyKey)).toEqual([`${kind}:1`, `${kind}:2`, `${kind}:3`]);
    expect((await rowsOf(kind)).map((row) => [row.status, row.payload])).toEqual([1, 2, 3].map(() => ['sent', null]));
  });

  it('a second enqueue with the same key is the same message', async () => {
    const kind = uniqueKind();
    const message = { kind, channel: 'sms' as const, key: `${kind}:once`, to: '+491701234567', payload: { to: '+491701234567', text: 'code' } };
    expect(await enqueueMessage(h.db, message, h.clock.now())).toBe(true);
    expect(await enqueueMessage(h.db, message, h.clock.now())).toBe(false);
    expect((await rowsOf(kind)).map((row) => row.recipient)).toEqual(['+49********67']);
    await h.drain();
  });

  it('retries with exponential backoff by the injected clock and dead-letters after the last attempt; the log names the error, never the address', async () => {
    const kind = uniqueKind();
    await h.drain();
    await enqueueMessage(h.db, { kind, channel: 'email', key: `${kind}:1`, to: 'dana.meyer@example.org', payload: { to: 'dana.meyer@example.org', subject: 's', text: 't' } }, h.clock.now());
    const { seen, transport } = recorder(kind, async (delivery) => {
      throw new DeliveryError(`550 mailbox unavailable: dana.meyer@example.org (${delivery.attempt})`);
    });
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
    const settings = { maxAttempts: 4, baseDelayMs: 10 * SECOND, maxDelayMs: 25 * SECOND };
    const drain = () => drainWith({ db: h.db, clock: h.clock, transports: { email: transport }, settings });

    expect([10, 20, 25, 25].map((_, i) => retryDelayMs(i + 1, settings) / SECOND)).toEqual([10, 20, 25, 25]);
    await drain(); // attempt 1 at 0 s
    for (const [wait, attempts] of [
      [9, 1],
      [1, 2], // 10 s
      [19, 2],
      [1, 3], // 30 s
      [25, 4], // 55 s: the last
      [3600, 4],
    ] as const) {
      h.clock.advance(wait * SECOND);
      await drain();
      expect(seen.length, `after ${wait} s more`).toBe(attempts);
    }
    expect(seen.map((delivery) => delivery.idempotencyKey)).toEqual([1, 2, 3, 4].map(() => `${kind}:1`));
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'dead', attempts: 4, lastError: 'DeliveryError' });
    expect(row!.payload).toMatchObject({ to: 'dana.meyer@example.org' });
    expect((await attemptsOf(row!.id)).map((attempt) => [attempt.attempt, attempt.outcome, attempt.errorName])).toEqual([
      [1, 'failed', 'DeliveryError'],
      [2, 'failed', 'DeliveryError'],
      [3, 'failed', 'DeliveryError'],
      [4, 'dead', 'DeliveryError'],
    ]);
    expect(logged.some((line) => line.includes('outbox message dead-lettered') && line.includes(kind))).toBe(true);
    expect(logged.join('\n')).not.toContain('dana.meyer');
    await h.db.update(outboxMessages).set({ status: 'sent', payload: null }).where(and(eq(outboxMessages.kind, kind)));
  });
});

describe('the running worker', () => {
  it('wakes when a transaction with a message commits (NOTIFY; in-process on PGlite), not before, without waiting for its poll', async () => {
    await h.drain();
    const kind = uniqueKind();
    const { seen, transport } = recorder(kind);
    const worker = startOutboxWorker({ db: h.db, clock: h.clock, transports: { email: transport, sms: transport, push: transport, webhook: transport }, pollMs: 60 * 60 * 1000 });
    try {
      await worker.idle();
      await withTransaction(h.db, async (tx) => {
        await enqueueMessage(tx, { kind, channel: 'email', key: `${kind}:1`, to: 'a@example.org', payload: { to: 'a@example.org', subject: 's', text: 't' } }, h.clock.now());
        // Not committed: nothing for the worker to see yet.
        expect(seen).toEqual([]);
      });
      await vi.waitFor(() => expect(seen.map((delivery) => delivery.idempotencyKey)).toEqual([`${kind}:1`]), { timeout: 10_000, interval: 20 });
    } finally {
      await worker.stop();
    }
  });
});

describe('order messages through the outbox', () => {
  it('a placed order: exactly one confirmation to the customer once the outbox is drained, whatever drains again', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
    expect(placed.status).toBe(200);
    const aboutIt = (mails: { subject: string | null; text: string }[]) => mails.filter((mail) => mail.text.includes(placed.body.order_number));
    // Written with the order, not yet sent (the registration's code went out at once, synchronously).
    expect(aboutIt(await listOutbox(h.db, { to: customer.email }))).toEqual([]);
    const written = await h.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `order:${draft.id}:received:${(await writtenFor(h.db, draft.id)).order.updatedAt.getTime()}`));
    expect(written).toEqual([expect.objectContaining({ kind: 'order.received', channel: 'email', status: 'pending' })]);

    await h.drain();
    await h.drain();
    const mails = aboutIt(await mailsTo(h.db, customer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('received');
    // Nobody watches the back office here: the pharmacy's alert went out too, once.
    expect((await mailsTo(h.db, `${PHARMACY.daily}@example.org`)).filter((mail) => mail.text.includes(placed.body.order_number))).toHaveLength(1);
  });

  it('a rejection: the customer gets the rejection mail', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
    const rejected = await staffPost(h.app, await pharmacistToken(h.app, DAILY), draft.id, 'reject', { reason: 'Out of stock today' });
    expect(rejected.status).toBe(200);
    const mails = (await mailsTo(h.db, customer.email)).filter((mail) => mail.subject?.includes(placed.body.order_number));
    // Newest first: the rejection, then the confirmation; each once.
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('Out of stock today');
    expect(mails[1]!.subject).toContain('received');
  });

  it('the mail relay refusing for 30 s of the clock: nothing is lost, nothing is sent twice once it is back', async () => {
    await h.drain();
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const down = h.clock.now().getTime() + 30 * SECOND;
    const relayed: string[] = [];
    const relay: OutboxTransport = {
      async deliver({ payload, idempotencyKey }) {
        if (h.clock.now().getTime() < down) throw new DeliveryError(`421 try again later: ${String(payload.to)}`);
        relayed.push(idempotencyKey);
        return 'sent';
      },
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const customers = [];
    for (let i = 0; i < 3; i += 1) {
      const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
      expect((await place(h.app, customer.token, draft.id, { payment: VISA })).status).toBe(200);
      customers.push(customer);
    }
    await h.drain({ transports: { email: relay } });
    expect(relayed).toEqual([]);
    for (let elapsed = 0; elapsed < 120; elapsed += 5) {
      h.clock.advance(5 * SECOND);
      await h.drain({ transports: { email: relay } });
    }
    // Each customer's confirmation and the pharmacy's alert per order: six mails, each once.
    expect(relayed).toHaveLength(6);
    expect(new Set(relayed).size).toBe(6);
    const stillWaiting = await h.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'pending'));
    expect(stillWaiting.filter((row) => row.channel === 'email')).toEqual([]);
  });

  it('a webhook delivered twice is stored once and processed once: one order, one confirmation', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const paid = await payFor(h.app, customer.token, draft.id, VISA, newKey());
    const events = h.spy.provider.events(paid.intentId!);
    const answers = await deliverEvents(h.app, [...events, ...events]);
    expect(answers.map((answer) => answer.body.outcome)).toEqual([...events.map(() => 'queued'), ...events.map(() => 'duplicate')]);
    const stored = await h.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'payment.webhook'));
    expect(stored.filter((row) => events.some((event) => row.idempotencyKey.endsWith(JSON.parse(event.rawBody).id as string)))).toHaveLength(events.length);
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('pending');
    await h.drain();
    expect((await mailsTo(h.db, customer.email)).filter((mail) => mail.subject?.includes((written.order as { orderNumber: string }).orderNumber))).toHaveLength(1);
  });
});
