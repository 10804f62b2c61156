import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Customers' shipping and billing addresses. `user_id` points at users.id without a foreign key
 * (no keys across features); the accounts erasure hook deletes the rows instead. Street and house
 * number are separate columns: street names may contain numbers and are never split.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<'shipping' | 'billing'>().notNull(),
    streetAddress: text('street_address').notNull(),
    houseNumber: text('house_number').notNull(),
    room: text('room'),
    /** Five digits as a string: leading zeros (01067) matter. */
    postalCode: text('postal_code').notNull(),
    locality: text('locality').notNull(),
    /** Whom the pharmacy and the courier hand the medicine to (issue 11); null only on addresses saved before. */
    recipientFirstName: text('recipient_first_name'),
    recipientLastName: text('recipient_last_name'),
    /** Note to the rider, at most 200 characters. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('user_addresses_user_kind_idx').on(table.userId, table.kind)],
);
