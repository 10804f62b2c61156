import { expect, test } from '@playwright/test';
import { errorMessages } from '../../src/platform/http/error-codes';

// Issue 15 against the real server (scripts/start.ts in front of Astro's build): every refusal is
// { code, message } JSON, and API clients are not taken for cross-site forms.
test.describe('the running server refuses as { code, message }', () => {
  test('answers body-less POST and DELETE from an API client (no Origin) normally, not with Astro\'s plain-text 403', async ({ request }) => {
    const headers = { Authorization: 'Bearer not-a-valid-token' };
    for (const [method, path] of [['POST', '/api/v1/user/logout'], ['DELETE', '/api/v1/user/cart'], ['POST', '/api/v1/pharmacy/orders/x/accept']] as const) {
      const response = await request.fetch(path, { method, headers });
      expect(response.status(), `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ code: 'UNAUTHORIZED', message: errorMessages.en.UNAUTHORIZED });
    }
  });

  test('refuses malformed percent-encoding, a NUL and an oversized body as JSON, with a request id', async ({ request }) => {
    const malformed = await request.get('/shop/%E0%A4%A', { headers: { 'Accept-Language': 'de' } });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({ code: 'BAD_REQUEST', message: errorMessages.de.BAD_REQUEST });

    const nul = await request.get('/api/shop/v1/pharmacies/%00');
    expect(nul.status()).toBe(400);
    expect(await nul.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(nul.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const huge = await request.post('/api/v1/user/login', { data: { email: 'erika@example.de', password: 'x'.repeat(100 * 1024) } });
    expect(huge.status()).toBe(413);
    expect(await huge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: errorMessages.en.PAYLOAD_TOO_LARGE });
  });
});
