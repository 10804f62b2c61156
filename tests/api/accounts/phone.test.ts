import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../../src/features/accounts';
import { users } from '../../../src/features/accounts/server/schema';
import { accountsApp, call, latestCode, MINUTE, otherCode, outboxFor, registerUser, testClock, useTestDb, type AccountsApp } from './harness';

const testDb = useTestDb();

let phoneCounter = 0;
/** A fresh German mobile number per test, typed the way people type it. */
function freshPhone(): { typed: string; e164: string } {
  phoneCounter += 1;
  const digits = String(2000000 + phoneCounter * 7919 + (Date.now() % 100000)).slice(-7);
  return { typed: `0171 ${digits}`, e164: `+49171${digits}` };
}

async function userWithVerifiedPhone(app: AccountsApp, phone: { typed: string; e164: string }) {
  const user = await registerUser(app);
  await call(app, '/v1/user/verify-phone', { token: user.token, body: { phone: phone.typed } });
  const confirmed = await call(app, '/v1/user/verify-phone', { token: user.token, body: { phone: phone.typed, code: await latestCode(app, phone.e164) } });
  if (confirmed.status !== 200) throw new Error(`phone not confirmed: ${JSON.stringify(confirmed.body)}`);
  return user;
}

describe('POST /api/v1/user/verify-phone', () => {
  it('texts a code, then stores the number in E.164 as verified', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token } = await registerUser(app);
    const phone = freshPhone();
    const sent = await call(app, '/v1/user/verify-phone', { token, body: { phone: phone.typed } });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sent: true, expiresInSeconds: 600 });
    const [sms] = await outboxFor(app, phone.e164);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    const code = await latestCode(app, phone.e164);
    const wrong = await call(app, '/v1/user/verify-phone', { token, body: { phone: phone.typed, code: otherCode(code) } });
    expect(wrong.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code.' });
    const done = await call<{ phone: string; phoneVerified: boolean }>(app, '/v1/user/verify-phone', { token, body: { phone: phone.typed, code } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ phone: phone.e164, phoneVerified: true });
    expect((await call(app, '/v1/user/verify-phone', { token, body: { phone: phone.typed, code } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
  });

  it('refuses implausible numbers with INVALID_PHONE_NUMBER', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token } = await registerUser(app);
    for (const phone of ['12345', 'abc', '0171', '+49 0171 1234567']) {
      const result = await call(app, '/v1/user/verify-phone', { token, body: { phone } });
      expect(result.body).toMatchObject({ code: 'INVALID_PHONE_NUMBER', message: 'Invalid phone number.' });
    }
  });
});

describe('phone login: POST /api/v1/user/phone/request-code and /verify-code', () => {
  it('logs in with the texted code, once', async () => {
    const app = accountsApp(testDb.db, testClock());
    const phone = freshPhone();
    const owner = await userWithVerifiedPhone(app, phone);
    const requested = await call(app, '/v1/user/phone/request-code', { body: { phone: phone.typed } });
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({ sent: true, expiresInSeconds: 600 });
    const code = await latestCode(app, phone.e164);
    const login = await call<{ token: string; user: { id: string } }>(app, '/v1/user/phone/verify-code', { body: { phone: phone.e164, code } });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(owner.user.id);
    expect((await call(app, '/v1/user', { token: login.body.token })).status).toBe(200);
    expect((await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
  });

  it('answers WRONG_CODE_OR_PHONE for a wrong code, and gives up after 5 tries', async () => {
    const app = accountsApp(testDb.db, testClock());
    const phone = freshPhone();
    await userWithVerifiedPhone(app, phone);
    await call(app, '/v1/user/phone/request-code', { body: { phone: phone.typed } });
    const code = await latestCode(app, phone.e164);
    for (let i = 0; i < 4; i += 1) {
      const wrong = await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code: otherCode(code) } });
      expect(wrong.body).toMatchObject({ code: 'WRONG_CODE_OR_PHONE', message: 'Wrong code or phone number.' });
    }
    expect((await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code: otherCode(code) } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    expect((await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
  });

  it('codes expire after 10 minutes', async () => {
    const clock = testClock();
    const app = accountsApp(testDb.db, clock);
    const phone = freshPhone();
    await userWithVerifiedPhone(app, phone);
    await call(app, '/v1/user/phone/request-code', { body: { phone: phone.typed } });
    const code = await latestCode(app, phone.e164);
    clock.advance(10 * MINUTE);
    expect((await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
  });

  it('answers USER_NOT_FOUND when no account confirmed the number (an unconfirmed number never logs in)', async () => {
    const app = accountsApp(testDb.db, testClock());
    const phone = freshPhone();
    const { token } = await registerUser(app);
    await call(app, '/v1/user', { method: 'PUT', token, body: { phone: phone.typed } });
    await call(app, '/v1/user/phone/request-code', { body: { phone: phone.typed } });
    const result = await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code: await latestCode(app, phone.e164) } });
    expect(result.status).toBe(404);
    expect(result.body.code).toBe('USER_NOT_FOUND');
  });

  it('asks for the e-mail when two accounts share the number, and refuses a mismatching one', async () => {
    const app = accountsApp(testDb.db, testClock());
    const phone = freshPhone();
    await userWithVerifiedPhone(app, phone);
    const second = await userWithVerifiedPhone(app, phone);
    const stranger = await registerUser(app);
    await call(app, '/v1/user/phone/request-code', { body: { phone: phone.typed } });
    const code = await latestCode(app, phone.e164);
    const both = await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code } });
    expect(both.status).toBe(409);
    expect(both.body.code).toBe('MULTIPLE_ACCOUNTS_FOR_PHONE');
    const mismatch = await call(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code, email: stranger.email } });
    expect(mismatch.body).toMatchObject({ code: 'PHONE_EMAIL_MISMATCH', message: 'Phone number and e-mail address do not match.' });
    // The code survives refusals that are not about the code itself.
    const chosen = await call<{ user: { id: string } }>(app, '/v1/user/phone/verify-code', { body: { phone: phone.typed, code, email: second.email } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.user.id).toBe(second.user.id);
  });

  it('answers INVALID_PHONE_NUMBER and MISSING_PARAMS', async () => {
    const app = accountsApp(testDb.db, testClock());
    expect((await call(app, '/v1/user/phone/request-code', { body: { phone: '999' } })).body.code).toBe('INVALID_PHONE_NUMBER');
    expect((await call(app, '/v1/user/phone/request-code', { body: {} })).body.code).toBe('MISSING_PARAMS');
    expect((await call(app, '/v1/user/phone/verify-code', { body: { phone: '0171 1234567' } })).body.code).toBe('MISSING_PARAMS');
  });

  it('logs the demo customer in by phone (seeded, idempotent)', async () => {
    const app = accountsApp(testDb.db, testClock());
    expect((await seedDemoAccounts(testDb.db.db)).created).toBe(true);
    expect((await seedDemoAccounts(testDb.db.db)).created).toBe(false);
    expect(await testDb.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@apobote.de'))).toHaveLength(1);
    await call(app, '/v1/user/phone/request-code', { body: { phone: '0151 12345678' } });
    const [sms] = await outboxFor(app, '+4915112345678');
    // The demo customer chose German.
    expect(sms?.text).toMatch(/^Ihr Apobote-Anmeldecode: \d{6}\./);
    const login = await call<{ user: Record<string, unknown> }>(app, '/v1/user/phone/verify-code', { body: { phone: '+49 151 12345678', code: await latestCode(app, '+4915112345678') } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: 'demo@apobote.de', firstName: 'Demo', lastName: 'Kunde', birthDate: '1990-05-15', emailVerified: true, phoneVerified: true });
    expect((await call(app, '/v1/user/login', { body: { email: 'demo@apobote.de', password: 'apobote-demo' } })).status).toBe(200);
  });
});
