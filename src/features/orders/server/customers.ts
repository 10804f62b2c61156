import { eq } from 'drizzle-orm';
import { users } from '../../accounts';
import type { Db } from '../../../platform/db/client';
import { isLocale, type Locale } from '../../../platform/i18n/locales';

export interface CustomerContact {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  locale: Locale | null;
  role: 'customer' | 'pharmacist' | 'admin';
  pharmacyId: string | null;
  deleted: boolean;
}

/** Who the order belongs to (or who works on it): contact, language and, for staff, their pharmacy. */
export async function customerContact(db: Db, userId: string): Promise<CustomerContact | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      locale: users.locale,
      role: users.role,
      pharmacyId: users.pharmacyId,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    locale: isLocale(row.locale) ? row.locale : null,
    role: row.role,
    pharmacyId: row.pharmacyId,
    deleted: row.deletedAt !== null,
  };
}
