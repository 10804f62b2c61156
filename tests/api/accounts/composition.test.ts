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

  it('answers account failures with the spec’s wording, in German for a German request', async () => {
    const app = testApi(testDb.db);
    const email = uniqueEmail('composed-errors');
    await app.request('/api/v1/user/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration(email)) });
    const failures = [
      ['/api/v1/user/reset-password', 'PUT', { code: '123456', password: 'long-enough-1', confirmPassword: 'long-enough-1' }, 'CODE_EXPIRED_INVALID_OR_USED'],
      ['/api/v1/user/login', 'POST', { email, password: 'not-the-password' }, 'INCORRECT_PASSWORD'],
      ['/api/v1/user/login', 'POST', { email: uniqueEmail('nobody'), password: 'whatever-1' }, 'USER_NOT_FOUND'],
      ['/api/v1/user/register', 'POST', registration(uniqueEmail('young'), { birthDate: '2020-01-01' }), 'AGE_BELOW_MINIMUM_CRITERIA'],
    ] as const;
    for (const [path, method, body, code] of failures) {
      const answer = async (lang: 'en' | 'de') => {
        const response = await app.request(path, { method, headers: { 'content-type': 'application/json', 'accept-language': lang }, body: JSON.stringify(body) });
        expect(response.status, `${path} ${lang}`).toBeGreaterThanOrEqual(400);
        return (await response.json()) as { code: string; message: string };
      };
      const [en, de] = [await answer('en'), await answer('de')];
      expect(en).toMatchObject({ code, message: errorMessages.en[code] });
      expect(de).toMatchObject({ code, message: errorMessages.de[code] });
      expect(de.message, code).not.toBe(en.message);
      // Spec §8's own words.
      if (code === 'CODE_EXPIRED_INVALID_OR_USED') expect(en.message).toBe('Code expired, invalid or already used.');
    }
  });
});
