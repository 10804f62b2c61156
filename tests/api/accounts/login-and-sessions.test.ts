import { describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/features/accounts';
import { authSessions } from '../../../src/platform/auth';
import { accountsApp, call, DAY, PASSWORD, registerUser, testClock, uniqueEmail, useTestDb } from './harness';

const testDb = useTestDb();

describe('POST /api/v1/user/login', () => {
  const clock = testClock();
  const app = () => accountsApp(testDb.db, clock);

  it('logs in with the e-mail in any case and spacing and returns a working token', async () => {
    const { email } = await registerUser(app());
    const result = await call<{ token: string; user: { email: string } }>(app(), '/v1/user/login', { body: { email: ` ${email.toUpperCase()} `, password: PASSWORD } });
    expect(result.status).toBe(200);
    expect(result.body.user.email).toBe(email);
    const me = await call<{ email: string }>(app(), '/v1/user', { token: result.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('answers MISSING_PARAMS with "E-mail and password are required"', async () => {
    for (const body of [{}, { email: 'a@b.de' }, { password: 'x' }, { email: '', password: '' }, { email: '   ', password: 'secret12' }]) {
      const result = await call(app(), '/v1/user/login', { body });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ code: 'MISSING_PARAMS', message: 'E-mail and password are required.' });
    }
    const german = await call(app(), '/v1/user/login', { body: {}, lang: 'de' });
    expect(german.body.message).toBe('E-Mail und Passwort sind erforderlich.');
  });

  it('answers USER_NOT_FOUND for an unknown e-mail and INCORRECT_PASSWORD for a wrong password', async () => {
    const unknown = await call(app(), '/v1/user/login', { body: { email: uniqueEmail('nobody'), password: PASSWORD } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('USER_NOT_FOUND');
    const { email } = await registerUser(app());
    const wrong = await call(app(), '/v1/user/login', { body: { email, password: `${PASSWORD}!` } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INCORRECT_PASSWORD', message: 'The password is incorrect.' });
    expect((await call(app(), '/v1/user/login', { body: { email, password: `${PASSWORD}!` }, lang: 'de' })).body.message).toBe('Das Passwort ist falsch.');
  });
});

describe('password hashes of an older, cheaper cost', () => {
  const storedHash = async (id: string) => (await testDb.db.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash ?? '';

  it('are upgraded to the current cost at the next successful login, not at a failed one', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, user } = await registerUser(app);
    const before = await storedHash(user.id);
    expect(before).toMatch(/^scrypt\$10\$8\$1\$/);
    const previous = process.env.PASSWORD_HASH_COST;
    process.env.PASSWORD_HASH_COST = '11';
    try {
      expect((await call(app, '/v1/user/login', { body: { email, password: `${PASSWORD}!` } })).status).toBe(400);
      expect(await storedHash(user.id)).toBe(before);
      expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD } })).status).toBe(200);
      expect(await storedHash(user.id)).toMatch(/^scrypt\$11\$8\$1\$/);
      expect((await call(app, '/v1/user/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = previous;
    }
  });
});

describe('tokens', () => {
  it('expire after AUTH_TOKEN_TTL (30 days by default)', async () => {
    const clock = testClock();
    const app = accountsApp(testDb.db, clock);
    const { token } = await registerUser(app);
    clock.advance(30 * DAY - 1000);
    expect((await call(app, '/v1/user', { token })).status).toBe(200);
    clock.advance(1000);
    const expired = await call(app, '/v1/user', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
  });

  it('honour a configured AUTH_TOKEN_TTL', async () => {
    const previous = process.env.AUTH_TOKEN_TTL;
    process.env.AUTH_TOKEN_TTL = '2h';
    try {
      const clock = testClock();
      const app = accountsApp(testDb.db, clock);
      const { token } = await registerUser(app);
      clock.advance(2 * 3600 * 1000);
      expect((await call(app, '/v1/user', { token })).status).toBe(401);
    } finally {
      if (previous === undefined) delete process.env.AUTH_TOKEN_TTL;
      else process.env.AUTH_TOKEN_TTL = previous;
    }
  });

  it('stop working at logout, other sessions stay', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { email, token } = await registerUser(app);
    const second = await call<{ token: string }>(app, '/v1/user/login', { body: { email, password: PASSWORD } });
    expect((await call(app, '/v1/user/logout', { method: 'POST', token })).status).toBe(200);
    expect((await call(app, '/v1/user', { token })).status).toBe(401);
    expect((await call(app, '/v1/user/logout', { method: 'POST', token })).status).toBe(401);
    expect((await call(app, '/v1/user', { token: second.body.token })).status).toBe(200);
  });

  it('stop working at once when the session ends or is cut short in the database itself (an erased account, an operator), though a request just answered it', async () => {
    const clock = testClock();
    const app = accountsApp(testDb.db, clock);
    const first = await registerUser(app);
    const second = await registerUser(app);
    for (const { token } of [first, second]) expect((await call(app, '/v1/user', { token })).status).toBe(200);
    await testDb.db.db.delete(authSessions).where(eq(authSessions.userId, first.user.id));
    expect((await call(app, '/v1/user', { token: first.token })).status).toBe(401);
    await testDb.db.db.update(authSessions).set({ expiresAt: clock.now() }).where(eq(authSessions.userId, second.user.id));
    expect((await call(app, '/v1/user', { token: second.token })).status).toBe(401);
  });

  it('are opaque random strings of which the database keeps only the SHA-256', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token, user } = await registerUser(app);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await testDb.db.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    const second = await registerUser(app);
    expect(second.token).not.toBe(token);
  });

  it('refuse altered, made-up, signed (older format) and session-less tokens', async () => {
    const app = accountsApp(testDb.db, testClock());
    const { token, email } = await registerUser(app);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
    const candidates = [
      flipped,
      randomBytes(32).toString('base64url'),
      `${header}.${Buffer.from('{"sub":"x","sid":"y"}').toString('base64url')}.c2lnbmF0dXJl`,
      `${token}x`,
      'garbage',
    ];
    for (const candidate of candidates) expect((await call(app, '/v1/user', { token: candidate })).status).toBe(401);
    // A session whose row is gone (logged out elsewhere) no longer opens anything.
    const other = await call<{ token: string }>(app, '/v1/user/login', { body: { email, password: PASSWORD } });
    await testDb.db.db.delete(authSessions).where(eq(authSessions.tokenHash, createHash('sha256').update(other.body.token).digest('base64url')));
    expect((await call(app, '/v1/user', { token: other.body.token })).status).toBe(401);
    const lowercase = await app.request('/api/v1/user', { headers: { authorization: `bearer ${token}` } });
    expect(lowercase.status).toBe(200);
    const basic = await app.request('/api/v1/user', { headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
  });
});

describe('every call that needs a token', () => {
  const protectedCalls: Array<[string, string]> = [
    ['GET', '/v1/user'],
    ['PUT', '/v1/user'],
    ['DELETE', '/v1/user'],
    ['PUT', '/v1/user/password'],
    ['PUT', '/v1/user/email'],
    ['POST', '/v1/user/email/confirm'],
    ['POST', '/v1/user/verify-phone'],
    ['POST', '/v1/user/verify-email/resend'],
    ['POST', '/v1/user/logout'],
  ];

  it('is exactly the set of routes documented with bearer security', async () => {
    const app = accountsApp(testDb.db, testClock());
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    const secured = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { security?: unknown[] }>)
        .filter(([, operation]) => operation.security?.length)
        .map(([method]) => [method.toUpperCase(), path.replace(/^\/api/, '')] as [string, string]),
    );
    expect(secured.sort()).toEqual([...protectedCalls].sort());
  });

  it.each(protectedCalls)('%s %s answers 401 UNAUTHORIZED without a token or with a bad one', async (method, path) => {
    const app = accountsApp(testDb.db, testClock());
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    for (const token of [undefined, 'not-a-token']) {
      const result = await call(app, path, { method, body, token });
      expect(result.status).toBe(401);
      expect(result.body.code).toBe('UNAUTHORIZED');
    }
  });
});
