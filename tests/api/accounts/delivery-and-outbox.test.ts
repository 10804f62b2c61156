import { describe, expect, it } from 'vitest';
import { DeliveryError } from '../../../src/platform/mail';
import { accountsApp, call, outboxFor, registerUser, registration, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();

const failingMailer = () => ({
  send: async () => {
    throw new DeliveryError('smtp down');
  },
});
const failingSms = () => ({
  send: async () => {
    throw new DeliveryError('gateway down');
  },
});

describe('delivery failures', () => {
  it('registration: VERIFICATION_NOT_DELIVERED (502) and no account is left behind', async () => {
    const broken = accountsApp(testDb.db, testClock(), { mailer: failingMailer });
    const email = uniqueEmail('undelivered');
    const result = await call(broken, '/v1/user/register', { body: registration(email) });
    expect(result.status).toBe(502);
    expect(result.body).toMatchObject({ code: 'VERIFICATION_NOT_DELIVERED', message: 'The verification code could not be delivered. Please try again later.' });
    const working = accountsApp(testDb.db, testClock());
    expect((await call(working, '/v1/user/login', { body: { email, password: 'whatever1' } })).body.code).toBe('USER_NOT_FOUND');
    expect((await call(working, '/v1/user/register', { body: registration(email) })).status).toBe(201);
  });

  it('forgot-password: VERIFICATION_NOT_DELIVERED and no live code', async () => {
    const working = accountsApp(testDb.db, testClock());
    const { email } = await registerUser(working);
    const broken = accountsApp(testDb.db, testClock(), { mailer: failingMailer });
    expect((await call(broken, '/v1/user/forgot-password', { method: 'PUT', body: { email } })).body.code).toBe('VERIFICATION_NOT_DELIVERED');
  });

  it('SMS: SMS_NOT_SENT (502), never a 500', async () => {
    const broken = accountsApp(testDb.db, testClock(), { sms: failingSms });
    const result = await call(broken, '/v1/user/phone/request-code', { body: { phone: '0170 5550101' } });
    expect(result.status).toBe(502);
    expect(result.body).toMatchObject({ code: 'SMS_NOT_SENT', message: 'The SMS could not be sent. Please try again later.' });
    const { token } = await registerUser(accountsApp(testDb.db, testClock()));
    const verify = await call(broken, '/v1/user/verify-phone', { token, body: { phone: '0170 5550102' }, lang: 'de' });
    expect(verify.body).toMatchObject({ code: 'SMS_NOT_SENT', message: 'Die SMS konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.' });
  });

  it('the HTTP SMS adapter posts { to, text } with the bearer token', async () => {
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    const fakeFetch = async (url: string, init?: RequestInit) => {
      seen.push({ url, init });
      return new Response('{}', { status: 200 });
    };
    const app = accountsApp(testDb.db, testClock(), { env: { ...process.env, SMS_API_URL: 'https://sms.example/send', SMS_API_TOKEN: 'tok' }, fetch: fakeFetch });
    expect((await call(app, '/v1/user/phone/request-code', { body: { phone: '0170 5550103' } })).status).toBe(202);
    expect(seen[0]?.url).toBe('https://sms.example/send');
    expect(new Headers(seen[0]?.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(seen[0]?.init?.body))).toMatchObject({ to: '+491705550103', text: expect.stringMatching(/\d{6}/) });
    const refused = accountsApp(testDb.db, testClock(), {
      env: { ...process.env, SMS_API_URL: 'https://sms.example/send' },
      fetch: async () => new Response('no', { status: 503 }),
    });
    expect((await call(refused, '/v1/user/phone/request-code', { body: { phone: '0170 5550104' } })).body.code).toBe('SMS_NOT_SENT');
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists messages newest first with to, subject, text and time, filtered by ?to=', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token } = await registerUser(app);
    await call(app, '/v1/user/verify-email/resend', { method: 'POST', token });
    const items = await outboxFor(app, email.toUpperCase());
    expect(items).toHaveLength(2);
    expect(items.every((item) => item.to === email && item.channel === 'email' && item.text.length > 0 && item.time)).toBe(true);
    const all = await call<{ items: Array<{ to: string }> }>(app, '/dev/outbox');
    expect(all.body.items.length).toBeGreaterThanOrEqual(2);
  });

  it('is 404 outside demo mode', async () => {
    const production = accountsApp(testDb.db, testClock(), {
      env: { ...process.env, APOBOTE_MODE: 'production' },
    });
    const result = await call(production, '/dev/outbox');
    expect(result.status).toBe(404);
    expect(result.body.code).toBe('NOT_FOUND');
  });
});
