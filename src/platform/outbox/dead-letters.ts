import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { OUTBOX_NOTIFY_CHANNEL } from './enqueue';
import { outboxMessages } from './tables';

export interface DeadLetter {
  id: number;
  kind: string;
  channel: string;
  /** Masked. */
  recipient: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** Messages the worker gave up on, newest first. */
export async function deadLetters(db: Db, limit = 100): Promise<DeadLetter[]> {
  return db
    .select({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'dead'))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}

/**
 * Puts a dead letter back in the queue, due now, with a fresh count of attempts (its delivery log
 * stays). False when there is no dead letter of that id (sent meanwhile, retried by someone else).
 */
export async function retryDeadLetter(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`least(${now.toISOString()}::timestamptz, now())`, lastError: null })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'dead')))
    .returning({ id: outboxMessages.id });
  if (rows.length > 0) await db.execute(sql`SELECT pg_notify(${OUTBOX_NOTIFY_CHANNEL}, '')`);
  return rows.length > 0;
}

/**
 * Erasure: messages to `to` that have not left (waiting, or dead-lettered) are dropped with the
 * person's data; a message a worker holds right now is in flight already.
 */
export async function forgetMessagesTo(db: Db, to: string): Promise<void> {
  await db.delete(outboxMessages).where(and(sql`${outboxMessages.status} in ('pending', 'dead')`, sql`lower(${outboxMessages.payload}->>'to') = lower(${to})`));
}
