import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { maskRecipient } from './mask';
import { outboxMessages, type OutboxChannel } from './tables';

/** The NOTIFY channel that wakes the outbox workers when a transaction with a new message commits. */
export const OUTBOX_NOTIFY_CHANNEL = 'apobote_outbox';

export interface OutgoingMessage {
  kind: string;
  channel: OutboxChannel;
  /** Stable for this one message: a second enqueue with it is ignored. Defaults to a new UUID. */
  key?: string | undefined;
  /** Who receives it (an address, a number, a push endpoint); stored masked only. */
  to?: string | null;
  payload: Record<string, unknown>;
}

/**
 * Writes a message to the outbox through `db`: pass the transaction of the change that causes it,
 * so the message exists exactly when the change does. The NOTIFY is transactional too: workers
 * wake when (and only if) it commits. Returns false when a message with this key was there already.
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage, now: Date): Promise<boolean> {
  const rows = await db
    .insert(outboxMessages)
    .values({
      kind: message.kind,
      channel: message.channel,
      idempotencyKey: message.key ?? randomUUID(),
      recipient: maskRecipient(message.to),
      payload: message.payload,
      status: 'pending',
      attempts: 0,
      // Due at once. The database's now() bounds it: a request whose injected clock runs ahead of the
      // worker's (the e2e suite's X-Test-Now) must not park its message in the future.
      nextAttemptAt: sql`least(${now.toISOString()}::timestamptz, now())`,
      createdAt: now,
    })
    .onConflictDoNothing({ target: outboxMessages.idempotencyKey })
    .returning({ id: outboxMessages.id });
  if (rows.length > 0) await db.execute(sql`SELECT pg_notify(${OUTBOX_NOTIFY_CHANNEL}, '')`);
  return rows.length > 0;
}
