import { and, eq } from 'drizzle-orm';
import { pharmacies } from '../../pharmacies';
import type { Db } from '../../../platform/db/client';

export { stockAt } from '../../pharmacies';

export async function isActivePharmacy(db: Db, pharmacyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(and(eq(pharmacies.id, pharmacyId), eq(pharmacies.active, true)));
  return row !== undefined;
}
