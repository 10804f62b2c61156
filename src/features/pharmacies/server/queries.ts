import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
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
