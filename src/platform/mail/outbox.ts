import { desc, eq } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Messages "sent" without a real provider: e-mails when SMTP_URL is unset, SMS when SMS_API_URL is
 * unset. In demo mode they can be read at /api/dev/outbox, which is how codes reach a tester.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** The outbox message's idempotency key: a message delivered twice is kept once, as a provider taking the key would. */
    messageKey: text('message_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_to_idx').on(table.to, table.createdAt), uniqueIndex('outbox_message_key_idx').on(table.messageKey)],
);

export interface OutboxEntry {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  messageKey?: string | null;
  createdAt: Date;
}

export async function writeOutbox(db: Db, entry: Omit<OutboxEntry, 'id'>): Promise<void> {
  await db.insert(outbox).values(entry).onConflictDoNothing();
}

/** Newest first; `to` matches the address or number exactly (after trimming, case-insensitive for e-mail). */
export async function listOutbox(db: Db, options: { to?: string | undefined; limit?: number } = {}): Promise<OutboxEntry[]> {
  const limit = options.limit ?? 100;
  const to = options.to?.trim();
  const query = db.select().from(outbox);
  const filtered = to ? query.where(eq(outbox.to, to.includes('@') ? to.toLowerCase() : to)) : query;
  return filtered.orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}

export async function deleteOutboxFor(db: Db, to: string): Promise<void> {
  await db.delete(outbox).where(eq(outbox.to, to));
}
