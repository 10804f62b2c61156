import { describe, expect, it } from 'vitest';
import { accountsApp, call, HOUR, latestCode, otherCode, outboxFor, PASSWORD, registerUser, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();
const NEW_PASSWORD = 'a-new-password-2026';

describe('PUT /api/v1/user/forgot-password and PUT /api/v1/user/reset-password', () => {
  it('mails a reset code; the code sets a new password once and logs out every session', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token } = await registerUser(app);
    const sent = await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sent: true, expiresInSeconds: 3600 });
    const [mail] = await outboxFor(app, email);
    expect(mail?.subject).toBe('Reset your Apobote password');
    const code = await latestCode(app, email);

    const reset = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect((await call(app, '/v1/user', { token })).status).toBe(401);
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD } })).body.code).toBe('INCORRECT_PASSWORD');
    expect((await call(app, '/v1/user/login', { body: { email, password: NEW_PASSWORD } })).status).toBe(200);

    const again = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { code, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'CODE_EXPIRED_INVALID_OR_USED', message: 'Code expired, invalid or already used.' });
  });

  it('answers ACCOUNT_NOT_FOUND for an unknown e-mail and MISSING_PARAMS without one', async () => {
    const app = accountsApp(testDb.db, testClock());
    const unknown = await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email: uniqueEmail('ghost') } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', message: 'We could not find an account with this e-mail address.' });
    expect((await call(app, '/v1/user/forgot-password', { method: 'PUT', body: {} })).body.code).toBe('MISSING_PARAMS');
  });

  it('refuses an expired code, and checks length and confirmation first', async () => {
    const clock = testClock();
    const app = accountsApp(testDb.db, clock);
    const { email } = await registerUser(app);
    await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } });
    const code = await latestCode(app, email);
    const short = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { code, password: 'short', confirmPassword: 'short' } });
    expect(short.body.code).toBe('INVALID_PASSWORD_LENGTH');
    const mismatch = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { code, password: NEW_PASSWORD, confirmPassword: 'different-one' } });
    expect(mismatch.body.code).toBe('PASSWORD_MISMATCH');
    const missing = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { code } });
    expect(missing.body).toMatchObject({ code: 'MISSING_PARAMS', message: 'Code, password and password confirmation are required.' });
    clock.advance(HOUR);
    const expired = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(expired.body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
  });

  it('with the e-mail, allows 5 wrong tries per code and then refuses even the right one', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email } = await registerUser(app);
    await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } });
    const code = await latestCode(app, email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { email, code: otherCode(code), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
      expect(wrong.body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    }
    const right = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(right.body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
  });

  it('a newer code replaces the older one', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email } = await registerUser(app);
    await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } });
    const first = await latestCode(app, email);
    await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } });
    const second = await latestCode(app, email);
    if (first !== second) {
      const old = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { email, code: first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
      expect(old.body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    }
    const fresh = await call(app, '/v1/user/reset-password', { method: 'PUT', body: { email, code: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(fresh.status).toBe(200);
  });
});

describe('PUT /api/v1/user/password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token } = await registerUser(app);
    const other = await call<{ token: string }>(app, '/v1/user/login', { body: { email, password: PASSWORD } });
    const changed = await call(app, '/v1/user/password', { method: 'PUT', token, body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    expect((await call(app, '/v1/user', { token })).status).toBe(200);
    expect((await call(app, '/v1/user', { token: other.body.token })).status).toBe(401);
    expect((await call(app, '/v1/user/login', { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('answers MISSING_PARAMS, INVALID_PASSWORD_LENGTH, PASSWORD_MISMATCH and INCORRECT_PASSWORD', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token } = await registerUser(app);
    const put = (body: unknown) => call(app, '/v1/user/password', { method: 'PUT', token, body });
    expect((await put({ oldPassword: PASSWORD })).body).toMatchObject({ code: 'MISSING_PARAMS', message: 'Old password, new password and confirmation are required.' });
    expect((await put({ oldPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' })).body.code).toBe('INVALID_PASSWORD_LENGTH');
    expect((await put({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` })).body.code).toBe('PASSWORD_MISMATCH');
    const wrong = await put({ oldPassword: 'not-the-password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INCORRECT_PASSWORD', fields: { oldPassword: 'INCORRECT_PASSWORD' } });
  });
});
