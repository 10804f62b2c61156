import { seedDemoCouriers } from '../../accounts';
import type { Db } from '../../../platform/db/client';
import { couriers } from './schema';

/** `berlin`, `muenchen`, `frankfurt-am-main`: a city as it appears in the demo couriers' e-mail addresses. */
export const citySlug = (city: string): string =>
  city
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Demo couriers: two per city, `courier-<n>.<city>@courier.apobote.de` (password DEMO_COURIER_PASSWORD). */
export const demoCourierEmail = (city: string, n: 1 | 2) => `courier-${n}.${citySlug(city)}@courier.apobote.de`;

/** Creates the demo couriers of every city that has a pharmacy (safe on every start). */
export async function seedDemoCourierFleet(db: Db, cities: readonly string[]): Promise<{ couriers: number }> {
  const wanted = [...new Set(cities)].sort().flatMap((city) =>
    ([1, 2] as const).map((n) => ({ city, email: demoCourierEmail(city, n), firstName: 'Demo', lastName: `Bote ${city} ${n}`, displayName: `Demo-Bote ${city} ${n}` })),
  );
  const ids = await seedDemoCouriers(db, wanted.map(({ email, firstName, lastName }) => ({ email, firstName, lastName })));
  const rows = wanted.flatMap((courier) => {
    const userId = ids.get(courier.email);
    return userId ? [{ userId, city: courier.city, displayName: courier.displayName }] : [];
  });
  if (rows.length > 0) await db.insert(couriers).values(rows).onConflictDoNothing();
  return { couriers: rows.length };
}
