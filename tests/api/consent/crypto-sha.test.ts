import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../support/api';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';

let testDb: TestDb;
let app: ReturnType<typeof testApi>;

beforeAll(async () => {
  testDb = await createTestDb();
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

async function register(email: string): Promise<string> {
  const password = 'correct-horse-battery';
  const result = await call<{ token: string }>(app, '/v1/user/register', {
    body: { firstName: 'Erika', lastName: 'Muster', email, birthDate: '1990-05-15', password, confirmPassword: password },
  });
  if (result.status !== 201) throw new Error(`registration failed: ${result.status}`);
  return result.body.token;
}

const sha = (token: string | undefined, email: unknown) => call<{ sha1: string }>(app, '/v1/crypto/sha', { ...(token ? { token } : {}), body: { email } });

describe('POST /api/v1/crypto/sha', () => {
  it('needs a login', async () => {
    const answer = await sha(undefined, 'erika.sha@example.de');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHORIZED');
  });

  it("hashes the caller's own address, normalised (trimmed, lower-cased)", async () => {
    const token = await register('erika.sha@example.de');
    const answer = await sha(token, '  Erika.SHA@Example.de ');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ sha1: createHash('sha1').update('erika.sha@example.de').digest('hex') });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it("refuses anyone else's address, so it cannot fingerprint other people", async () => {
    const token = await register('max.sha@example.de');
    await register('other.sha@example.de');
    for (const email of ['other.sha@example.de', 'nobody@example.de']) {
      const answer = await sha(token, email);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
      expect(answer.body).not.toHaveProperty('sha1');
    }
  });

  it('answers 400 for a missing or malformed address', async () => {
    const token = await register('lena.sha@example.de');
    expect((await sha(token, '')).body.code).toBe('MISSING_PARAMS');
    expect((await sha(token, 'not-an-address')).status).toBe(400);
    expect((await call(app, '/v1/crypto/sha', { token, body: {} })).status).toBe(400);
  });
});
