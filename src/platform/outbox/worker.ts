import { hostname } from 'node:os';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { listenForCommits } from '../db/commit-notifications';
import { OUTBOX_NOTIFY_CHANNEL } from './enqueue';
import { outboxAttempts, outboxMessages, type OutboxChannel, type OutboxRow } from './tables';

/** A message as a transport receives it: what to deliver and the key to hand the provider. */
export interface OutboxDelivery {
  id: number;
  kind: string;
  idempotencyKey: string;
  attempt: number;
  payload: Record<string, unknown>;
}

/** Hands one message to its provider; resolves when it was taken (`gone`: the recipient no longer exists), rejects to retry. */
export interface OutboxTransport {
  deliver(message: OutboxDelivery): Promise<'sent' | 'gone'>;
}

export type OutboxTransports = Partial<Record<OutboxChannel, OutboxTransport>>;

export interface OutboxSettings {
  /** Attempts before a message is dead-lettered. */
  maxAttempts: number;
  /** How long a claim holds: a worker that died leaves its messages to be claimed again after it. */
  leaseMs: number;
  /** The wait after the first failure; it doubles with each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Messages claimed at once by one worker. */
  batch: number;
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = { maxAttempts: 10, leaseMs: 2 * 60_000, baseDelayMs: 10_000, maxDelayMs: 60 * 60_000, batch: 20 };

/** OUTBOX_MAX_ATTEMPTS, OUTBOX_LEASE_SECONDS, OUTBOX_RETRY_SECONDS (the first wait), OUTBOX_MAX_RETRY_SECONDS. */
export function outboxSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): OutboxSettings {
  const int = (name: string, fallback: number, factor = 1) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value * factor : fallback;
  };
  return {
    maxAttempts: int('OUTBOX_MAX_ATTEMPTS', DEFAULT_OUTBOX_SETTINGS.maxAttempts),
    leaseMs: int('OUTBOX_LEASE_SECONDS', DEFAULT_OUTBOX_SETTINGS.leaseMs, 1000),
    baseDelayMs: int('OUTBOX_RETRY_SECONDS', DEFAULT_OUTBOX_SETTINGS.baseDelayMs, 1000),
    maxDelayMs: int('OUTBOX_MAX_RETRY_SECONDS', DEFAULT_OUTBOX_SETTINGS.maxDelayMs, 1000),
    batch: DEFAULT_OUTBOX_SETTINGS.batch,
  };
}

export interface OutboxOptions {
  db: Db;
  clock: Clock;
  transports: OutboxTransports;
  settings?: Partial<OutboxSettings>;
  /** Names this worker in claims and the delivery log. */
  workerId?: string;
}

/** The wait before attempt `attempts + 1`: base, 2×base, 4×base, … capped. No jitter: workers claim with SKIP LOCKED, not by timing. */
export function retryDelayMs(attempts: number, settings: Pick<OutboxSettings, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

let workers = 0;
const defaultWorkerId = () => `${hostname()}:${process.pid}:${(workers += 1)}`;

const errorName = (error: unknown): string => (error instanceof Error ? error.name : 'Error').slice(0, 100);

const log = (level: 'warn' | 'error', fields: Record<string, unknown>) => console.error(JSON.stringify({ level, ...fields }));

/**
 * Claims due messages (pending and due, or claimed by a worker whose lease ran out) with FOR UPDATE
 * SKIP LOCKED, so workers in several processes never claim the same one. Claiming counts the
 * attempt: a message that kills its worker still ends in the dead letters.
 */
export async function claimDue(db: Db, now: Date, settings: OutboxSettings, workerId: string): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      or(
        and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now)),
        and(eq(outboxMessages.status, 'sending'), lte(outboxMessages.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(settings.batch)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ status: 'sending', attempts: sql`${outboxMessages.attempts} + 1`, lockedUntil: new Date(now.getTime() + settings.leaseMs), lockedBy: workerId })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

type Outcome = 'sent' | 'gone' | 'failed' | 'dead';

async function deliverOne(options: Required<Pick<OutboxOptions, 'db' | 'clock' | 'transports' | 'workerId'>>, settings: OutboxSettings, row: OutboxRow): Promise<Outcome> {
  const { db, clock, transports, workerId } = options;
  const transport = transports[row.channel];
  let outcome: Outcome;
  let failure: string | null = null;
  try {
    if (!transport) throw Object.assign(new Error('no transport'), { name: 'NoTransport' });
    if (!row.payload) throw Object.assign(new Error('no payload'), { name: 'NoPayload' });
    outcome = await transport.deliver({ id: row.id, kind: row.kind, idempotencyKey: row.idempotencyKey, attempt: row.attempts, payload: row.payload });
  } catch (error) {
    failure = errorName(error);
    outcome = row.attempts >= settings.maxAttempts ? 'dead' : 'failed';
  }
  const now = clock.now();
  const mine = and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending'), eq(outboxMessages.lockedBy, workerId));
  if (outcome === 'sent' || outcome === 'gone') {
    // The payload may name a person: once delivered it is not kept.
    await db.update(outboxMessages).set({ status: 'sent', sentAt: now, payload: null, lockedUntil: null, lockedBy: null, lastError: null }).where(mine);
  } else {
    await db
      .update(outboxMessages)
      .set({
        status: outcome === 'dead' ? 'dead' : 'pending',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts, settings)),
        lockedUntil: null,
        lockedBy: null,
        lastError: failure,
      })
      .where(mine);
    log(outcome === 'dead' ? 'error' : 'warn', { msg: outcome === 'dead' ? 'outbox message dead-lettered' : 'outbox message not delivered, will retry', id: row.id, kind: row.kind, attempt: row.attempts, error: failure });
  }
  await db.insert(outboxAttempts).values({ messageId: row.id, attempt: row.attempts, worker: workerId, outcome, errorName: failure, at: now });
  return outcome;
}

export interface DrainReport {
  sent: number;
  failed: number;
  dead: number;
}

/**
 * Delivers every message due now (by the injected clock), batch after batch, until none is left;
 * failures are rescheduled for later and not retried in the same drain. Tests call it instead of
 * waiting; the worker calls it whenever it is woken.
 */
export async function drainOutbox(options: OutboxOptions): Promise<DrainReport> {
  const settings = { ...DEFAULT_OUTBOX_SETTINGS, ...options.settings };
  const resolved = { db: options.db, clock: options.clock, transports: options.transports, workerId: options.workerId ?? 'drain' };
  const report: DrainReport = { sent: 0, failed: 0, dead: 0 };
  for (;;) {
    const claimed = await claimDue(options.db, options.clock.now(), settings, resolved.workerId);
    if (claimed.length === 0) return report;
    // Messages to one recipient go in the order they were written (a confirmation before its
    // cancellation); different recipients at once.
    claimed.sort((a, b) => a.id - b.id);
    const byRecipient = new Map<string, OutboxRow[]>();
    for (const row of claimed) {
      const group = `${row.channel}:${row.recipient ?? row.id}`;
      byRecipient.set(group, [...(byRecipient.get(group) ?? []), row]);
    }
    const outcomes = (
      await Promise.all(
        [...byRecipient.values()].map(async (rows) => {
          const done: Outcome[] = [];
          for (const row of rows) done.push(await deliverOne(resolved, settings, row));
          return done;
        }),
      )
    ).flat();
    for (const outcome of outcomes) {
      if (outcome === 'gone') report.sent += 1;
      else report[outcome] += 1;
    }
  }
}

export interface OutboxWorker {
  /** Runs a drain now (or once more after the running one). */
  wake(): void;
  /** Resolves when the worker listens for commits and no drain runs: tests, shutdown. */
  idle(): Promise<void>;
  /** Stops waking and waits for messages in flight. */
  stop(): Promise<void>;
}

/**
 * The process's delivery loop: woken by the NOTIFY of every committed transaction that wrote a
 * message (LISTEN on PostgreSQL, PGlite's own notifications in one process), and every `pollMs`
 * for retries that have come due and leases that ran out.
 */
export function startOutboxWorker(options: OutboxOptions & { pollMs?: number }): OutboxWorker {
  const workerId = options.workerId ?? defaultWorkerId();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOutbox({ ...options, workerId });
        } catch (error) {
          log('warn', { msg: 'outbox drain failed', error: errorName(error) });
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  // Until the LISTEN stands a commit's NOTIFY would pass unheard (only the poll would find its
  // message): `idle` waits for it too, so a caller that saw the worker idle is heard at once.
  const listening = listenForCommits(options.db, OUTBOX_NOTIFY_CHANNEL, { onNotify: wake, onReset: wake }).then(
    () => undefined,
    (error: unknown) => log('warn', { msg: 'outbox notifications not followed; polling only', error: errorName(error) }),
  );
  const timer = setInterval(wake, options.pollMs ?? 5_000);
  timer.unref();
  wake();

  const idle = async () => {
    await listening;
    while (running) await running;
  };
  return {
    wake,
    idle,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await idle();
    },
  };
}
