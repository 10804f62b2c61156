import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onAccountErased } from '../../../src/features/accounts';
import { users, verificationCodes } from '../../../src/features/accounts/server/schema';
import { authSessions } from '../../../src/platform/auth';
import type { Clock } from '../../../src/platform/clock';
import type { Db } from '../../../src/platform/db/client';
import { outboxMailer, type MailMessage } from '../../../src/platform/mail';
import { accountsApp, call, outboxFor, PASSWORD, registerUser, registration, testClock, useTestDb } from './harness';

const testDb = useTestDb();

describe('PUT /api/v1/user', () => {
  it('updates names, phone, meta.locale and e-mail preferences, leaving other fields alone', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token } = await registerUser(app);
    const updated = await call<Record<string, unknown>>(app, '/v1/user', {
      method: 'PUT',
      token,
      body: { firstName: ' Anna ', lastName: null, phone: '0171/123 45 67', meta: { locale: 'de' }, emailPreferences: { marketing: true, feedbackAndSurveys: true, transactional: false } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      firstName: 'Anna',
      lastName: null,
      phone: '+491711234567',
      phoneVerified: false,
      birthDate: '1990-05-15',
      meta: { locale: 'de' },
      emailPreferences: { transactional: false, marketing: true, feedbackAndSurveys: true },
    });
    const withdrawn = await call<Record<string, unknown>>(app, '/v1/user', { method: 'PUT', token, body: { emailPreferences: { marketing: false } } });
    expect(withdrawn.body).toMatchObject({ firstName: 'Anna', emailPreferences: { transactional: false, marketing: false, feedbackAndSurveys: true } });
  });

  it('refuses an empty first name, a bad phone, an under-age birth date and an unknown locale', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token } = await registerUser(app);
    const put = (body: unknown) => call(app, '/v1/user', { method: 'PUT', token, body });
    expect((await put({ firstName: '  ' })).body.code).toBe('MISSING_PARAMS');
    expect((await put({ phone: '0123' })).body.code).toBe('INVALID_PHONE_NUMBER');
    expect((await put({ birthDate: '2015-01-01' })).body.code).toBe('AGE_BELOW_MINIMUM_CRITERIA');
    expect((await put({ meta: { locale: 'fr' } })).body.code).toBe('BAD_REQUEST');
  });

  it('names a too-long field and its limit in the request language, and changes nothing', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token } = await registerUser(app);
    const tooLong = await call(app, '/v1/user', { method: 'PUT', token, body: { firstName: 'A'.repeat(101), lastName: 'Muster' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ code: 'VALUE_TOO_LONG', message: 'This entry is too long. At most 100 characters.', fields: { firstName: 'VALUE_TOO_LONG' } });
    const german = await call(app, '/v1/user', { method: 'PUT', token, lang: 'de', body: { phone: '0'.repeat(41) } });
    expect(german.body).toMatchObject({ code: 'VALUE_TOO_LONG', message: 'Diese Angabe ist zu lang. Höchstens 40 Zeichen.', fields: { phone: 'VALUE_TOO_LONG' } });
    expect((await call<{ firstName: string }>(app, '/v1/user', { token })).body.firstName).toBe('Erika');
  });
});

describe('DELETE /api/v1/user', () => {
  it('erases personal data, keeps a tombstone, ends every session and frees the e-mail', async () => {
    const sent: MailMessage[] = [];
    const recording = (db: Db, clock: Clock) => {
      const outbox = outboxMailer(db, clock);
      return { send: async (message: MailMessage) => (sent.push(message), outbox.send(message)) };
    };
    const app = accountsApp(testDb.db, testClock(), { mailer: recording });
    const { email, token, user } = await registerUser(app);
    const other = await call<{ token: string }>(app, '/v1/user/login', { body: { email, password: PASSWORD } });
    await call(app, '/v1/user', { method: 'PUT', token, body: { phone: '0171 7654321' } });

    const deleted = await call(app, '/v1/user', { method: 'DELETE', token });
    expect(deleted.status).toBe(200);
    expect((await call(app, '/v1/user', { token })).status).toBe(401);
    expect((await call(app, '/v1/user', { token: other.body.token })).status).toBe(401);
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD } })).body.code).toBe('USER_NOT_FOUND');

    const db = testDb.db.db;
    const [tombstone] = await db.select().from(users).where(eq(users.id, user.id));
    expect(tombstone).toMatchObject({ email: null, firstName: null, lastName: null, phone: null, birthDate: null, passwordHash: null, marketingConsentAt: null });
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id))).toEqual([]);

    // The goodbye mail goes out without naming anybody, and nothing is left for the address.
    const goodbye = sent.at(-1);
    expect(goodbye).toMatchObject({ to: email, subject: 'Your Apobote account has been deleted', transient: true });
    expect(goodbye?.text.startsWith('Hello,')).toBe(true);
    expect(await outboxFor(app, email)).toEqual([]);

    const again = await call<{ user: { id: string } }>(app, '/v1/user/register', { body: registration(email) });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(user.id);
  });

  it('runs the erasure hooks in the same transaction, and rolls everything back when one fails', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token, user } = await registerUser(app);
    const seen: string[] = [];
    const failing = async (_tx: Db, userId: string) => {
      seen.push(userId);
      throw new Error('addresses table unavailable');
    };
    const stop = onAccountErased('test-failing', failing);
    try {
      const result = await call(app, '/v1/user', { method: 'DELETE', token });
      expect(result.status).toBe(500);
      expect(result.body.code).toBe('GENERIC_ERROR');
    } finally {
      stop();
    }
    expect(seen).toEqual([user.id]);
    expect((await call<{ email: string }>(app, '/v1/user', { token })).body.email).toBe(email);

    const erased: string[] = [];
    const recording = async (tx: Db, userId: string) => {
      const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      erased.push(row?.email ?? 'gone');
    };
    const stopRecording = onAccountErased('test-recording', recording);
    try {
      expect((await call(app, '/v1/user', { method: 'DELETE', token })).status).toBe(200);
    } finally {
      stopRecording();
    }
    // Hooks run before the user row is cleared, so they can still read it.
    expect(erased).toEqual([email]);
  });
});
