import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import { withHolidays, type WeeklyHours } from '../model/opening-hours';
import { toPharmacyDto, type PharmacyDto } from './dto';
import { pharmacies } from './schema';

/** Active partner pharmacies by city, then name: the order the pharmacy picker shows them in. */
export async function listPharmacies(db: Db, now: Date): Promise<PharmacyDto[]> {
  const rows = await db
    .select()
    .from(pharmacies)
    .where(eq(pharmacies.active, true))
    .orderBy(asc(pharmacies.city), asc(pharmacies.name), asc(pharmacies.id));
  return rows.map((row) => toPharmacyDto(row, now));
}

/** An active pharmacy; one that left the platform (inactive) is not found. */
export async function getPharmacy(db: Db, id: string, now: Date): Promise<PharmacyDto | null> {
  const [row] = await db
    .select()
    .from(pharmacies)
    .where(and(eq(pharmacies.id, id), eq(pharmacies.active, true)));
  return row ? toPharmacyDto(row, now) : null;
}

/** A pharmacy as other features apply it: the stored row, its hours carrying the state's holidays. */
export type PharmacyRow = Omit<typeof pharmacies.$inferSelect, 'openingHours'> & { openingHours: WeeklyHours };

/** Rows other features apply hours to carry their state's public holidays in them, so no caller can forget them. */
const withStateHolidays = (row: typeof pharmacies.$inferSelect): PharmacyRow => ({ ...row, openingHours: withHolidays(row.openingHours, row.state, row.closedUntil) });

/** An active pharmacy's whole row (hours with its holidays), for features that apply its hours, zone and options (cart, orders). */
export async function activePharmacy(db: Db, id: string): Promise<PharmacyRow | null> {
  const [row] = await prepared(db, 'active_pharmacy', (on, name) =>
    on
      .select()
      .from(pharmacies)
      .where(and(eq(pharmacies.id, sql.placeholder('id')), eq(pharmacies.active, true)))
      .prepare(name),
  ).execute({ id });
  return row ? withStateHolidays(row) : null;
}

/** Pharmacies by id, inactive ones included (a placed order keeps showing where it came from). */
export async function pharmaciesById(db: Db, ids: readonly (string | null)[]): Promise<Map<string, PharmacyRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(pharmacies).where(inArray(pharmacies.id, wanted));
  return new Map(rows.map((row) => [row.id, withStateHolidays(row)]));
}
