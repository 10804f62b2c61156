import type { Role } from '../../../platform/auth/roles';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Customer (and staff) accounts. Deleting an account keeps the row as a tombstone: personal
 * columns are cleared and `deleted_at` set, so orders can still point at an (anonymous) id.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Normalised (trimmed, lower-case). Null after deletion and for social accounts without one. */
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** E.164. Several accounts may carry one number; phone login then asks for the e-mail. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    birthDate: date('birth_date', { mode: 'string' }),
    /** scrypt hash with its parameters; null for accounts that only sign in socially or by phone. */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('customer'),
    /** The pharmacy a pharmacist works for (pharmacies.id; no foreign key across features). */
    pharmacyId: text('pharmacy_id'),
    locale: text('locale').$type<'en' | 'de'>(),
    transactionalEmails: boolean('transactional_emails').notNull().default(true),
    /** Consent is stored with its time (GDPR Art. 7(1): the shop must be able to show it was given). */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    feedbackConsentAt: timestamp('feedback_consent_at', { withTimezone: true }),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Staff taken off the back office by an operator: no password, no sessions, no access. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_phone_idx').on(table.phone)],
);

/** Social sign-in links: one provider account (provider + subject) belongs to one user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').$type<'apple' | 'google' | 'facebook'>().notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('user_identities_provider_subject').on(table.provider, table.subject), index('user_identities_user_idx').on(table.userId)],
);

/**
 * One-time codes (e-mail verification, password reset, e-mail change, phone verification and
 * login). Only an HMAC of the code is stored; each has an expiry, an attempt counter and is
 * consumed on first successful use.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').$type<'email_verify' | 'password_reset' | 'email_change' | 'phone_verify' | 'phone_login' | 'staff_invite'>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail address or phone number the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('verification_codes_target_idx').on(table.purpose, table.target),
    index('verification_codes_hash_idx').on(table.purpose, table.codeHash),
    index('verification_codes_user_idx').on(table.userId),
  ],
);

/**
 * Apple/Google ID tokens already used for a sign-in (replay guard shared by all server processes).
 * `key` is a hash of the token's jti or of its signed part, never the token; a row is kept until
 * the token could no longer pass verification and is then pruned.
 */
export const socialTokenUses = pgTable(
  'social_token_uses',
  {
    key: text('key').primaryKey(),
    provider: text('provider').$type<'apple' | 'google'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('social_token_uses_expires_idx').on(table.expiresAt)],
);

// drizzle-kit collects tables only from src/features/*/server/schema.ts; the platform tables that
// came with accounts (sessions, rate limits, outbox, generated secrets) are declared there and
// re-exported here so they get their migration.
export { authSessions, appSecrets } from '../../../platform/auth/tables';
export { rateLimits } from '../../../platform/rate-limit/table';
export { outbox } from '../../../platform/mail/outbox';
