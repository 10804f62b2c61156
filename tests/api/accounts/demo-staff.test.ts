import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PHARMACIST_PASSWORD, demoPharmacistEmail, seedDemoPharmacists } from '../../../src/features/accounts';
import { users } from '../../../src/features/accounts/server/schema';
import { accountsApp, call, testClock, useTestDb } from './harness';

const testDb = useTestDb();

describe('demo pharmacists (one staff login per partner pharmacy)', () => {
  it('are created once per pharmacy, as pharmacists of that pharmacy, and can log in', async () => {
    const ids = ['berlin-alexanderplatz', 'hamburg-altona'];
    expect(await seedDemoPharmacists(testDb.db.db, ids)).toEqual({ created: 2 });
    expect(await seedDemoPharmacists(testDb.db.db, [...ids, 'koeln-dom'])).toEqual({ created: 1 });

    const [row] = await testDb.db.db.select().from(users).where(eq(users.email, demoPharmacistEmail('hamburg-altona')));
    expect(row).toMatchObject({ role: 'pharmacist', pharmacyId: 'hamburg-altona' });

    const app = accountsApp(testDb.db, testClock());
    const login = await call<{ token: string }>(app, '/v1/user/login', { body: { email: 'berlin-alexanderplatz@staff.apobote.de', password: DEMO_PHARMACIST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
  });
});
