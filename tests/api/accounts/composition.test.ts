import { describe, expect, it } from 'vitest';
import { registerAccountRoutes } from '../../../src/features/accounts';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { createApiApp } from '../../../src/platform/http/app';
import { testApi } from '../support/api';
import { accountsApp, call, PASSWORD, registration, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();

describe('the account API in the composed app', () => {
  it('is mounted by buildApi and documented in /api/openapi.json', async () => {
    const app = testApi(testDb.db);
    const email = uniqueEmail('composed');
    const response = await app.request('/api/v1/user/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration(email)) });
    expect(response.status).toBe(201);
    const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown>; components: { securitySchemes?: Record<string, unknown> } };
    for (const path of ['/api/v1/user/login', '/api/v1/user/register', '/api/v1/user', '/api/v1/user/phone/verify-code', '/api/v1/user/auth/{provider}', '/api/dev/outbox']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('starts in production mode without any token secret, but not with a malformed AUTH_TOKEN_TTL', () => {
    const app = createApiApp({ getDb: async () => testDb.db.db, clock: testClock() });
    expect(() => registerAccountRoutes(app, { env: { APOBOTE_MODE: 'production' } })).not.toThrow();
    const other = createApiApp({ getDb: async () => testDb.db.db, clock: testClock() });
    expect(() => registerAccountRoutes(other, { env: { APOBOTE_MODE: 'production', AUTH_TOKEN_TTL: 'soon' } })).toThrow(/AUTH_TOKEN_TTL/);
  });

  it('logs in and serves the token in production mode without any secret configured', async () => {
    const email = uniqueEmail('production');
    await testApi(testDb.db).request('/api/v1/user/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration(email)) });
    const production = accountsApp(testDb.db, testClock(), { env: { ...process.env, APOBOTE_MODE: 'production', AUTH_TOKEN_SECRET: '' } });
    const login = await call<{ token: string }>(production, '/v1/user/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect((await call<{ email: string }>(production, '/v1/user', { token: login.body.token })).body.email).toBe(email);
  });

  it('has an English and a German message for every account code', () => {
    const codes = [
      'MISSING_PARAMS', 'USER_NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'INCORRECT_PASSWORD', 'BAD_REQUEST', 'GENERIC_ERROR', 'AGE_BELOW_MINIMUM_CRITERIA',
      'PASSWORD_MISMATCH', 'INVALID_PASSWORD_LENGTH', 'INVALID_EMAIL', 'DUPLICATE_EMAIL', 'INVALID_PHONE_NUMBER', 'SMS_NOT_SENT',
      'INVALID_VERIFICATION_CODE', 'WRONG_CODE_OR_PHONE', 'MULTIPLE_ACCOUNTS_FOR_PHONE', 'PHONE_EMAIL_MISMATCH',
      'CODE_EXPIRED_INVALID_OR_USED', 'VERIFICATION_NOT_DELIVERED', 'RATE_LIMITED', 'UNAUTHORIZED', 'SOCIAL_TOKEN_INVALID',
    ] as const;
    for (const code of codes) {
      expect(errorMessages.en[code]).toBeTruthy();
      expect(errorMessages.de[code]).toBeTruthy();
      expect(errorMessages.de[code]).not.toBe(errorMessages.en[code]);
    }
    expect(errorMessages.en.CODE_EXPIRED_INVALID_OR_USED).toBe('Code expired, invalid or already used.');
    expect(errorMessages.en.GENERIC_ERROR).toBe('Something went wrong, please try again later.');
  });
});
