import type { Role } from '../../../platform/auth/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { isLocale, type Locale } from '../../../platform/i18n/locales';
import { users } from './schema';

/** An account as other features need it: how to reach and address the person, and for staff their pharmacy. */
export interface CustomerContact {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  /** YYYY-MM-DD (registration asks for it); checks of age such as pay by invoice. */
  birthDate: string | null;
  locale: Locale | null;
  role: Role;
  pharmacyId: string | null;
  /** Erased (a tombstone): every personal field above is null. */
  deleted: boolean;
}

/** The contacts of the given accounts, tombstones included, by id. */
export async function customerContacts(db: Db, userIds: readonly string[]): Promise<Map<string, CustomerContact>> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return new Map();
  const rows = await prepared(db, 'customer_contacts', (on, name) =>
    on
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        birthDate: users.birthDate,
        locale: users.locale,
        role: users.role,
        pharmacyId: users.pharmacyId,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
      .prepare(name),
  ).execute({ ids: wanted });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        birthDate: row.birthDate ?? null,
        locale: isLocale(row.locale) ? row.locale : null,
        role: row.role,
        pharmacyId: row.pharmacyId,
        deleted: row.deletedAt !== null,
      },
    ]),
  );
}

/** Who an order belongs to (or who works on it): contact, language and, for staff, their pharmacy. */
export async function customerContact(db: Db, userId: string): Promise<CustomerContact | null> {
  return (await customerContacts(db, [userId])).get(userId) ?? null;
}
