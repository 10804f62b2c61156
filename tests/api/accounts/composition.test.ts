import { describe, expect, it } from 'vitest';
import { registerAccountRoutes } from '../../../src/features/accounts';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { createApiApp } from '../../../src/platform/http/app';
import { testApi } from '../support/api';
import { registration, testClock, uniqueEmail, useTestDb } from './harness';

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

  it('refuses to start in production mode without AUTH_TOKEN_SECRET (or with a short one)', () => {
    const app = createApiApp({ getDb: async () => testDb.db.db, clock: testClock() });
    expect(() => registerAccountRoutes(app, { env: { APOBOTE_MODE: 'production' } })).toThrow(/AUTH_TOKEN_SECRET/);
    expect(() => registerAccountRoutes(app, { env: { APOBOTE_MODE: 'production', AUTH_TOKEN_SECRET: 'short' } })).toThrow(/32 characters/);
    expect(() => registerAccountRoutes(app, { env: { APOBOTE_MODE: 'production', AUTH_TOKEN_TTL: 'soon', AUTH_TOKEN_SECRET: 'x'.repeat(32) } })).toThrow(/AUTH_TOKEN_TTL/);
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
