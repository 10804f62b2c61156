import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import type { Profile } from './dto';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

/** Live (not deleted) account by normalised e-mail. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** Accounts that confirmed this phone number by SMS and may sign in (unconfirmed numbers never log anyone in). */
export async function findUsersByVerifiedPhone(db: Db, phone: string): Promise<UserRow[]> {
  const rows = await db.select().from(users).where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), isNull(users.deletedAt)));
  return rows.filter(maySignIn);
}

/**
 * A deactivated staff account signs in by no path: its password is removed at deactivation, and
 * phone codes, social sign-in and a password reset must not hand it a session either.
 */
export function maySignIn(row: UserRow): boolean {
  return row.deactivatedAt === null;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(and(eq(users.id, id), isNull(users.deletedAt))).returning();
  return row;
}

/** What the API shows of an account. Never the password hash. */
export function toProfile(row: UserRow): Profile {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt !== null,
    birthDate: row.birthDate,
    role: row.role,
    pharmacyId: row.pharmacyId,
    hasPassword: row.passwordHash !== null,
    account: { email: row.email },
    meta: { locale: row.locale ?? null },
    emailPreferences: {
      transactional: row.transactionalEmails,
      marketing: row.marketingConsentAt !== null,
      feedbackAndSurveys: row.feedbackConsentAt !== null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}
