import { describe, expect, it } from 'vitest';
import { signHs256, tokenSecret } from '../../../src/platform/auth';
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

  it('refuse tampered, foreign-key, unsigned and session-less tokens', async () => {
    const clock = testClock();
    const app = accountsApp(testDb.db, clock);
    const { token, user } = await registerUser(app);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const secret = await tokenSecret(testDb.db.db);
    const now = Math.floor(clock.now().getTime() / 1000);
    const candidates = [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}xx`,
      signHs256(claims, Buffer.from('some other secret of sufficient length!!')),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
      // Correctly signed, but no such session.
      signHs256({ sub: user.id, sid: 'no-such-session', role: 'customer', iat: now, exp: now + 3600 }, secret),
      'garbage',
    ];
    for (const candidate of candidates) expect((await call(app, '/v1/user', { token: candidate })).status).toBe(401);
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
