import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Pharmacist chat (issue 13). Plain text keys, no foreign keys into accounts, pharmacies or orders:
 * features share no tables, and erasure runs through the accounts feature's onAccountErased hook.
 */

/** One customer's conversation with one pharmacy (optionally about one of their orders). */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    /** Null once the customer's account is erased (a tombstone the pharmacy still sees as closed). */
    customerId: text('customer_id'),
    pharmacyId: text('pharmacy_id').notNull(),
    orderId: text('order_id'),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** The last "a pharmacist replied" e-mail, so the customer gets at most one per hour. */
    awayMailAt: timestamp('away_mail_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [index('chat_conversations_customer_idx').on(table.customerId), index('chat_conversations_pharmacy_idx').on(table.pharmacyId, table.lastMessageAt)],
);

/** A message, plain text; `readAt` is when the other side read it (sent/read state). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<'customer' | 'pharmacy'>().notNull(),
    /** The customer or the staff member who wrote it. */
    authorId: text('author_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('chat_messages_conversation_idx').on(table.conversationId, table.createdAt)],
);

/** Raw bytes (PostgreSQL bytea); PGlite and node-postgres both hand back a Uint8Array (Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A photo sent in a conversation (JPEG or PNG, checked by content, metadata removed, at most 5 MB),
 * one per message. It goes with its message, so erasing the customer's messages erases their photos.
 */
export const chatPhotos = pgTable(
  'chat_photos',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<'image/jpeg' | 'image/png'>().notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [index('chat_photos_message_idx').on(table.messageId), index('chat_photos_conversation_idx').on(table.conversationId)],
);
