import { describe, expect, it } from 'vitest';
import { accountsApp, call, HOUR, MINUTE, PASSWORD, registerUser, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();

describe('rate limits (kept in the database, fixed windows)', () => {
  it('login: 10 failed tries for one e-mail from one client in 15 minutes, then 429 with Retry-After for that client only', async () => {
    // 08:00:00 UTC is the start of a 15-minute window.
    const clock = testClock('2026-06-16T08:00:00Z');
    const app = accountsApp(testDb.db, clock);
    const { email } = await registerUser(app);
    const stranger = '203.0.113.50';
    for (let i = 0; i < 10; i += 1) {
      expect((await call(app, '/v1/user/login', { body: { email, password: 'wrong-password' }, ip: stranger })).body.code).toBe('INCORRECT_PASSWORD');
    }
    clock.advance(5 * MINUTE);
    const limited = await call(app, '/v1/user/login', { body: { email: email.toUpperCase(), password: PASSWORD }, ip: stranger });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a moment and try again.' });
    expect(limited.headers.get('retry-after')).toBe(String(10 * 60));
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD }, lang: 'de', ip: stranger })).body.message).toBe(
      'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    );
    // The owner, on their own line, is not locked out by the stranger's guesses.
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD }, ip: '198.51.100.20' })).status).toBe(200);
    clock.advance(10 * MINUTE);
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD }, ip: stranger })).status).toBe(200);
  });

  it('login: successful logins do not count (a pharmacist signing in on many devices)', async () => {
    const clock = testClock('2026-06-16T08:30:00Z');
    const app = accountsApp(testDb.db, clock);
    const { email } = await registerUser(app);
    for (let i = 0; i < 15; i += 1) expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD }, ip: '198.51.100.30' })).status).toBe(200);
    // Nine typos among them still leave room: only failures are counted.
    for (let i = 0; i < 9; i += 1) expect((await call(app, '/v1/user/login', { body: { email, password: 'typo' }, ip: '198.51.100.30' })).status).toBe(400);
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD }, ip: '198.51.100.30' })).status).toBe(200);
  });

  it('login: an IPv6 client is one client for its whole /64', async () => {
    const clock = testClock('2026-06-16T08:45:00Z');
    const app = accountsApp(testDb.db, clock);
    const { email } = await registerUser(app);
    for (let i = 1; i <= 10; i += 1) {
      expect((await call(app, '/v1/user/login', { body: { email, password: 'wrong' }, ip: `2001:db8:7:1::${i.toString(16)}` })).status).toBe(400);
    }
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD }, ip: '2001:db8:7:1:abcd::99' })).status).toBe(429);
    expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD }, ip: '2001:db8:7:2::1' })).status).toBe(200);
  });

  it('login: 100 failed tries per client across e-mails', async () => {
    const clock = testClock('2026-06-16T09:00:00Z');
    const app = accountsApp(testDb.db, clock);
    for (let i = 0; i < 100; i += 1) {
      expect((await call(app, '/v1/user/login', { body: { email: uniqueEmail('probe'), password: 'x' }, ip: '203.0.113.7' })).status).toBe(404);
    }
    expect((await call(app, '/v1/user/login', { body: { email: uniqueEmail('probe'), password: 'x' }, ip: '203.0.113.7' })).status).toBe(429);
    expect((await call(app, '/v1/user/login', { body: { email: uniqueEmail('probe'), password: 'x' }, ip: '203.0.113.8' })).status).toBe(404);
  });

  it('forgot-password: 3 per e-mail and hour', async () => {
    const clock = testClock('2026-06-16T10:00:00Z');
    const app = accountsApp(testDb.db, clock);
    const { email } = await registerUser(app);
    for (let i = 0; i < 3; i += 1) expect((await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } })).status).toBe(202);
    const limited = await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    clock.advance(HOUR);
    expect((await call(app, '/v1/user/forgot-password', { method: 'PUT', body: { email } })).status).toBe(202);
  });

  it('one-time codes: 3 requests per phone number in 15 minutes', async () => {
    const clock = testClock('2026-06-16T11:00:00Z');
    const app = accountsApp(testDb.db, clock);
    const phone = '0160 9876543';
    for (let i = 0; i < 3; i += 1) expect((await call(app, '/v1/user/phone/request-code', { body: { phone } })).status).toBe(202);
    // The same number typed differently is the same number.
    expect((await call(app, '/v1/user/phone/request-code', { body: { phone: '+49 160 9876543' } })).status).toBe(429);
    clock.advance(15 * MINUTE);
    expect((await call(app, '/v1/user/phone/request-code', { body: { phone } })).status).toBe(202);
  });

  it('verification: 5 codes per user and hour', async () => {
    const clock = testClock('2026-06-16T12:00:00Z');
    const app = accountsApp(testDb.db, clock);
    const { token } = await registerUser(app);
    for (let i = 0; i < 5; i += 1) expect((await call(app, '/v1/user/verify-email/resend', { method: 'POST', token })).status).toBe(202);
    expect((await call(app, '/v1/user/verify-email/resend', { method: 'POST', token })).status).toBe(429);
    clock.advance(HOUR);
    expect((await call(app, '/v1/user/verify-email/resend', { method: 'POST', token })).status).toBe(202);
  });

  it('code entry: 30 reset or verification tries per IP in 15 minutes', async () => {
    const clock = testClock('2026-06-16T14:00:00Z');
    const app = accountsApp(testDb.db, clock);
    const attempt = () => call(app, '/v1/user/reset-password', { method: 'PUT', body: { code: '000000', password: 'long-enough-1', confirmPassword: 'long-enough-1' }, ip: '198.51.100.9' });
    for (let i = 0; i < 30; i += 1) expect((await attempt()).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    expect((await attempt()).status).toBe(429);
    expect((await call(app, '/v1/user/verify-email', { body: { code: '000000' }, ip: '198.51.100.9' })).status).toBe(429);
  });

  it('is shared by every app instance on the database (as by every server process)', async () => {
    const clock = testClock('2026-06-16T13:00:00Z');
    const email = uniqueEmail('shared');
    for (let i = 0; i < 10; i += 1) await call(accountsApp(testDb.db, clock), '/v1/user/login', { body: { email, password: 'x' } });
    expect((await call(accountsApp(testDb.db, clock), '/v1/user/login', { body: { email, password: 'x' } })).status).toBe(429);
  });
});
