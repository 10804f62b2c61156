import { describe, expect, it } from 'vitest';
import { accountsApp, call, DAY, latestCode, otherCode, outboxFor, PASSWORD, registerUser, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();

describe('POST /api/v1/user/verify-email', () => {
  it('verifies with the mailed code, with a token', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token } = await registerUser(app);
    const code = await latestCode(app, email);
    const wrong = await call(app, '/v1/user/verify-email', { token, body: { code: otherCode(code) } });
    expect(wrong.body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    expect((await call(app, '/v1/user/verify-email', { token, body: { code } })).status).toBe(200);
    expect((await call<{ emailVerified: boolean }>(app, '/v1/user', { token })).body.emailVerified).toBe(true);
    expect((await call(app, '/v1/user/verify-email', { token, body: { code } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
  });

  it('verifies without a token, by the code alone or with the e-mail (spec §6)', async () => {
    const app = accountsApp(testDb.db, testClock());
    const first = await registerUser(app);
    expect((await call(app, '/v1/user/verify-email', { body: { code: await latestCode(app, first.email) } })).status).toBe(200);
    const second = await registerUser(app);
    const code = await latestCode(app, second.email);
    expect((await call(app, '/v1/user/verify-email', { body: { code, email: second.email.toUpperCase() } })).status).toBe(200);
    expect((await call<{ emailVerified: boolean }>(app, '/v1/user', { token: second.token })).body.emailVerified).toBe(true);
  });

  it('refuses a code older than 24 hours and a call without a code', async () => {
    const clock = testClock();
    const app = accountsApp(testDb.db, clock);
    const { email, token } = await registerUser(app);
    const code = await latestCode(app, email);
    clock.advance(DAY);
    expect((await call(app, '/v1/user/verify-email', { token, body: { code } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    expect((await call(app, '/v1/user/verify-email', { token, body: {} })).body.code).toBe('MISSING_PARAMS');
  });

  it('answers 401 for a stale token instead of ignoring it', async () => {
    const app = accountsApp(testDb.db, testClock());
    expect((await call(app, '/v1/user/verify-email', { token: 'stale', body: { code: '123456' } })).status).toBe(401);
  });

  it('resends a code to unverified addresses only', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token } = await registerUser(app);
    const resent = await call(app, '/v1/user/verify-email/resend', { method: 'POST', token });
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ sent: true, expiresInSeconds: 86400 });
    expect(await outboxFor(app, email)).toHaveLength(2);
    await call(app, '/v1/user/verify-email', { token, body: { code: await latestCode(app, email) } });
    expect((await call(app, '/v1/user/verify-email/resend', { method: 'POST', token })).body).toEqual({ sent: false, expiresInSeconds: 0 });
  });
});

describe('PUT /api/v1/user/email and POST /api/v1/user/email/confirm', () => {
  it('changes the address after the code from the new mailbox, and tells the old one', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token } = await registerUser(app);
    const next = uniqueEmail('moved');
    const started = await call(app, '/v1/user/email', { method: 'PUT', token, body: { email: next, password: PASSWORD } });
    expect(started.status).toBe(202);
    const code = await latestCode(app, next);
    expect((await call(app, '/v1/user/email/confirm', { token, body: { code: otherCode(code) } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    const confirmed = await call<{ email: string; emailVerified: boolean; account: { email: string } }>(app, '/v1/user/email/confirm', { token, body: { code } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: next, emailVerified: true, account: { email: next } });
    const [notice] = await outboxFor(app, email);
    expect(notice?.subject).toBe('Your Apobote e-mail address was changed');
    expect((await call(app, '/v1/user/login', { body: { email: next, password: PASSWORD } })).status).toBe(200);
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD } })).body.code).toBe('USER_NOT_FOUND');
  });

  it('answers INVALID_EMAIL, DUPLICATE_EMAIL, MISSING_PARAMS (password) and INCORRECT_PASSWORD', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token } = await registerUser(app);
    const taken = await registerUser(app);
    const put = (body: unknown) => call(app, '/v1/user/email', { method: 'PUT', token, body });
    expect((await put({ email: 'me+shop@example.de', password: PASSWORD })).body.code).toBe('INVALID_EMAIL');
    expect((await put({ email: taken.email.toUpperCase(), password: PASSWORD })).body.code).toBe('DUPLICATE_EMAIL');
    expect((await put({ email: uniqueEmail() })).body).toMatchObject({ code: 'MISSING_PARAMS', fields: { password: 'MISSING_PARAMS' } });
    expect((await put({ email: uniqueEmail(), password: 'wrong-password' })).body.code).toBe('INCORRECT_PASSWORD');
  });
});
