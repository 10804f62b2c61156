import { describe, expect, it, vi } from 'vitest';
import { LOGIN_ENDPOINT, requestLogin } from '../../../src/features/auth/model/login';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('requestLogin', () => {
  it('posts JSON and returns the token', async () => {
    const fetchImpl = respond(200, { token: 'abc' });
    await expect(requestLogin('a@b.de', 'secret12', 'de', fetchImpl)).resolves.toEqual({ ok: true, token: 'abc' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(LOGIN_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.de', password: 'secret12' });
  });

  it('returns the server message of an error body', async () => {
    const fetchImpl = respond(401, { code: 'INCORRECT_PASSWORD', message: 'Wrong password' });
    await expect(requestLogin('a@b.de', 'x', 'en', fetchImpl)).resolves.toEqual({ ok: false, message: 'Wrong password' });
  });

  it.each([
    ['404 from a missing endpoint', respond(404, { code: 'NOT_FOUND', message: 'Not found' })],
    ['non-JSON error', respond(500, '<html>oops</html>')],
    ['2xx without token', respond(200, {})],
    ['network failure', vi.fn(async () => Promise.reject(new TypeError('offline')))],
  ])('falls back to the generic message on %s', async (_name, fetchImpl) => {
    await expect(requestLogin('a@b.de', 'x', 'en', fetchImpl)).resolves.toEqual({ ok: false, message: null });
  });
});
