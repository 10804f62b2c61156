import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Redeemed E-Rezepte. Plain-text user, pharmacy and order ids, no foreign keys into other features:
 * features share no tables, and erasure runs through the accounts feature's onAccountErased hook.
 */

export const PRESCRIPTION_STATUSES = ['redeemed', 'in-order', 'dispensed', 'returned', 'expired'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/** The statuses in which the shop still holds the prescription (and its sealed token) for the customer. */
export const HELD_STATUSES = ['redeemed', 'in-order'] as const satisfies readonly PrescriptionStatus[];

/**
 * One prescription per row, retrieved through the pharmacy's system for `pharmacy_id`.
 *
 * `token_sealed` is the token through the vault (AES-256-GCM, bound to the row and its customer),
 * set to NULL the moment the prescription is dispensed, returned or expired: the shop keeps a bearer
 * secret only while it may still need it. `token_hash` (the vault's keyed HMAC) stays, so the same
 * token is recognised again; while a prescription is held (redeemed or in an order) one token is
 * one row in the whole shop, so a second redeem, by the same or another account, meets the first.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    pharmacyId: text('pharmacy_id').notNull(),
    tokenSealed: text('token_sealed'),
    tokenHash: text('token_hash').notNull(),
    /** The dotted PrescriptionID, safe to show (it redeems nothing without the access code). */
    prescriptionId: text('prescription_id').notNull(),
    flowType: text('flow_type').notNull(),
    insurance: text('insurance').$type<'statutory' | 'private'>().notNull(),
    prescriberName: text('prescriber_name').notNull(),
    prescriberPractice: text('prescriber_practice'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status').$type<PrescriptionStatus>().notNull(),
    /** The order it is part of, from `in-order` on (set by the ordering step). */
    orderId: text('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('prescriptions_held_token_unique').on(table.tokenHash).where(sql`${table.status} in ('redeemed', 'in-order')`),
    index('prescriptions_user_idx').on(table.userId, table.createdAt),
    index('prescriptions_expiry_idx').on(table.expiresOn).where(sql`${table.status} = 'redeemed'`),
    check('prescriptions_status_known', sql`${table.status} in ('redeemed', 'in-order', 'dispensed', 'returned', 'expired')`),
    check('prescriptions_insurance_known', sql`${table.insurance} in ('statutory', 'private')`),
    // Held means sealed; the token is never kept past dispensing, return or expiry.
    check('prescriptions_token_only_while_held', sql`(${table.status} in ('redeemed', 'in-order')) = (${table.tokenSealed} is not null)`),
  ],
);

/** The medicines of a prescription, in the prescriber's order. */
export const prescriptionItems = pgTable(
  'prescription_items',
  {
    prescriptionId: text('prescription_id')
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    pzn: text('pzn').notNull(),
    /** The name as prescribed (may differ from the catalogue's). */
    name: text('name').notNull(),
    packs: integer('packs').notNull(),
    /** Aut idem: an equivalent product may be handed out instead. */
    substitutionAllowed: boolean('substitution_allowed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.prescriptionId, table.position] }), check('prescription_items_packs_positive', sql`${table.packs} >= 1`)],
);

/**
 * "I am exempt from co-payments" (Zuzahlungsbefreiung, § 62 SGB V), as the customer states it,
 * with the last day of the certificate (usually the end of the calendar year). One row per customer;
 * no row: not exempt.
 */
export const coPaymentExemptions = pgTable('co_payment_exemptions', {
  userId: text('user_id').primaryKey(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Prescriptions of erased accounts that the pharmacy's system could not take back at the time
 * (decision 0011: the erasure does not wait for it). Only what the report needs: the token, sealed
 * and bound to this row, and the pharmacy; nothing that names the customer. Deleted once reported.
 */
export const prescriptionPendingReturns = pgTable('prescription_pending_returns', {
  id: text('id').primaryKey(),
  tokenSealed: text('token_sealed').notNull(),
  pharmacyId: text('pharmacy_id').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
});
