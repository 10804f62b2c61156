import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../platform/auth';
import { systemClock, type Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import { users } from './schema';
import { findUserByEmail } from './users-repo';

/** The demo customer that `npm start` prints in demo mode (and the README and docs/demo.md list). */
export const DEMO_ACCOUNT = {
  email: 'demo@apobote.de',
  password: 'apobote-demo',
  phone: '+4915112345678',
  firstName: 'Demo',
  lastName: 'Kunde',
  birthDate: '1990-05-15',
} as const;

/** Creates the demo customer unless it exists (safe to call on every start). */
export async function seedDemoAccounts(db: Db, clock: Clock = systemClock): Promise<{ email: string; password: string; created: boolean }> {
  const result = { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password };
  if (await findUserByEmail(db, DEMO_ACCOUNT.email)) return { ...result, created: false };
  const now = clock.now();
  const inserted = await db
    .insert(users)
    .values({
      id: randomUUID(),
      email: DEMO_ACCOUNT.email,
      emailVerifiedAt: now,
      firstName: DEMO_ACCOUNT.firstName,
      lastName: DEMO_ACCOUNT.lastName,
      phone: DEMO_ACCOUNT.phone,
      phoneVerifiedAt: now,
      birthDate: DEMO_ACCOUNT.birthDate,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      locale: 'de',
      createdAt: now,
      updatedAt: now,
    })
    // Two processes seeding at once: the unique e-mail index lets one win quietly.
    .onConflictDoNothing()
    .returning({ id: users.id });
  return { ...result, created: inserted.length === 1 };
}

/** Staff sign-in of the demo: one pharmacist per partner pharmacy, `<pharmacy id>@staff.apobote.de`. */
export const DEMO_PHARMACIST_PASSWORD = 'apobote-pharmacist';
export const demoPharmacistEmail = (pharmacyId: string) => `${pharmacyId}@staff.apobote.de`;

/**
 * Creates the missing demo pharmacists (safe on every start). The password is hashed once for all of
 * them: scrypt is deliberately slow, and 20-odd hashes would delay every start by seconds.
 */
export async function seedDemoPharmacists(db: Db, pharmacyIds: readonly string[], clock: Clock = systemClock): Promise<{ created: number }> {
  const missing: string[] = [];
  for (const pharmacyId of pharmacyIds) {
    if (!(await findUserByEmail(db, demoPharmacistEmail(pharmacyId)))) missing.push(pharmacyId);
  }
  if (missing.length === 0) return { created: 0 };
  const passwordHash = await hashPassword(DEMO_PHARMACIST_PASSWORD);
  const now = clock.now();
  const inserted = await db
    .insert(users)
    .values(
      missing.map((pharmacyId) => ({
        id: randomUUID(),
        email: demoPharmacistEmail(pharmacyId),
        emailVerifiedAt: now,
        firstName: 'Demo',
        lastName: 'Apotheke',
        passwordHash,
        role: 'pharmacist' as const,
        pharmacyId,
        locale: 'de' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  return { created: inserted.length };
}

/** Demo couriers' password (`npm start` prints it; the delivery feature names the accounts). */
export const DEMO_COURIER_PASSWORD = 'apobote-courier';

/**
 * Creates the missing demo courier accounts (role courier) and answers every one's id by e-mail,
 * for the delivery feature to know them. Safe on every start.
 */
export async function seedDemoCouriers(
  db: Db,
  couriers: readonly { email: string; firstName: string; lastName: string }[],
  clock: Clock = systemClock,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const missing: (typeof couriers)[number][] = [];
  for (const courier of couriers) {
    const found = await findUserByEmail(db, courier.email);
    if (found) ids.set(courier.email, found.id);
    else missing.push(courier);
  }
  if (missing.length === 0) return ids;
  const passwordHash = await hashPassword(DEMO_COURIER_PASSWORD);
  const now = clock.now();
  await db
    .insert(users)
    .values(missing.map((courier) => ({ id: randomUUID(), ...courier, emailVerifiedAt: now, passwordHash, role: 'courier' as const, locale: 'de' as const, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  for (const courier of missing) {
    const found = await findUserByEmail(db, courier.email);
    if (found) ids.set(courier.email, found.id);
  }
  return ids;
}

/** The demo operator (every pharmacy) and one demo manager per pharmacy, for the back office at /pharmacy/. */
export const DEMO_OPERATOR = { email: 'operator@staff.apobote.de', password: 'apobote-operator' } as const;
export const DEMO_MANAGER_PASSWORD = 'apobote-manager';
export const demoManagerEmail = (pharmacyId: string) => `${pharmacyId}.manager@staff.apobote.de`;

/** Creates the missing demo operator and managers (safe on every start); one hash per password. */
export async function seedDemoBackOffice(db: Db, pharmacyIds: readonly string[], clock: Clock = systemClock): Promise<{ created: number }> {
  const now = clock.now();
  let created = 0;
  if (!(await findUserByEmail(db, DEMO_OPERATOR.email))) {
    const rows = await db
      .insert(users)
      .values({ id: randomUUID(), email: DEMO_OPERATOR.email, emailVerifiedAt: now, firstName: 'Demo', lastName: 'Operator', passwordHash: await hashPassword(DEMO_OPERATOR.password), role: 'operator', locale: 'de', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    created += rows.length;
  }
  const missing: string[] = [];
  for (const pharmacyId of pharmacyIds) {
    if (!(await findUserByEmail(db, demoManagerEmail(pharmacyId)))) missing.push(pharmacyId);
  }
  if (missing.length === 0) return { created };
  const passwordHash = await hashPassword(DEMO_MANAGER_PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      missing.map((pharmacyId) => ({
        id: randomUUID(),
        email: demoManagerEmail(pharmacyId),
        emailVerifiedAt: now,
        firstName: 'Demo',
        lastName: 'Leitung',
        passwordHash,
        role: 'manager' as const,
        pharmacyId,
        locale: 'de' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  return { created: created + rows.length };
}
