import { createRoute, z } from '@hono/zod-openapi';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../src/app/api';
import { fixedClock } from '../../src/platform/clock';
import { errorMessages } from '../../src/platform/http/error-codes';
import { createTestDb, type TestDb } from './support/test-db';
import { testApi } from './support/api';

let testDb: TestDb;

/** The real API plus two routes that exist only here: one with a JSON body, one that throws. */
function appWithTestRoutes() {
  const app = testApi(testDb);
  const Body = z.object({ email: z.email(), password: z.string().min(8) });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/test/echo',
      request: { body: { content: { 'application/json': { schema: Body } }, required: true } },
      responses: { 200: { description: 'echo', content: { 'application/json': { schema: Body } } } },
    }),
    (c) => c.json(c.req.valid('json'), 200),
  );
  app.get('/test/boom', () => {
    throw new Error('database exploded: secret detail');
  });
  return app;
}

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

/** Every error answer: JSON, 4xx/5xx, exactly { code, message } (+ fields), never cacheable. */
async function expectError(response: Response, status: number, code: string, locale: 'en' | 'de' = 'en') {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const text = await response.text();
  expect(text).not.toMatch(/<html|<!doctype/i);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).filter((key) => key !== 'fields').sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  expect(body.message).toBe(errorMessages[locale][code as keyof typeof errorMessages.en]);
  return body;
}

const post = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body,
  headers: { 'Content-Type': 'application/json', ...headers },
});

describe('error answers', () => {
  it('a malformed JSON body is 400 BAD_REQUEST', async () => {
    await expectError(await appWithTestRoutes().request('/api/test/echo', post('{"email": ')), 400, 'BAD_REQUEST');
  });

  it('a missing or blank required field is 400 MISSING_PARAMS', async () => {
    const app = appWithTestRoutes();
    await expectError(await app.request('/api/test/echo', post('{"email":"a@example.org"}')), 400, 'MISSING_PARAMS');
    await expectError(await app.request('/api/test/echo', post('{"email":"  ","password":"secret123"}')), 400, 'MISSING_PARAMS');
    await expectError(await app.request('/api/test/echo', post('{}')), 400, 'MISSING_PARAMS');
  });

  it('a present but invalid field is 400 BAD_REQUEST', async () => {
    await expectError(await appWithTestRoutes().request('/api/test/echo', post('{"email":"nope","password":"secret123"}')), 400, 'BAD_REQUEST');
  });

  it('a valid body passes', async () => {
    const response = await appWithTestRoutes().request('/api/test/echo', post('{"email":"a@example.org","password":"secret123"}'));
    expect(response.status).toBe(200);
  });

  it('an unknown /api path is 404 NOT_FOUND, for any method', async () => {
    const app = appWithTestRoutes();
    await expectError(await app.request('/api/nothing/here'), 404, 'NOT_FOUND');
    await expectError(await app.request('/api/shop/v2/products'), 404, 'NOT_FOUND');
    await expectError(await app.request('/api/shop/v1/categories', { method: 'DELETE' }), 404, 'NOT_FOUND');
  });

  it('a thrown error is 500 GENERIC_ERROR without leaking its detail, logged by route and request id', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await appWithTestRoutes().request('/api/test/boom');
    const body = await expectError(response, 500, 'GENERIC_ERROR');
    expect(JSON.stringify(body)).not.toContain('secret detail');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const log = JSON.parse(String(spy.mock.calls.at(-1)?.[0])) as Record<string, unknown>;
    expect(log).toMatchObject({ level: 'error', msg: 'unhandled API error', requestId, method: 'GET', route: '/api/test/boom', error: 'Error' });
    expect((log.stack as string[])[0]).toMatch(/^at .*errors\.test\.ts/);
    // Messages may be built from input: the log has the place, not the words.
    expect(JSON.stringify(log)).not.toContain('secret detail');
    spy.mockRestore();
  });

  it('a failed query logs its SQLSTATE, never the query parameters (names, addresses, notes)', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const failed = new DrizzleQueryError('insert into "addresses" ("street_address", "note") values ($1, $2)', ['Alexanderplatz 1', 'Erika Mustermann\nat the back door'], cause);
    const broken = { select: () => { throw failed; } };
    const app = buildApi({ getDb: async () => broken as never, clock: fixedClock('2026-06-16T08:00:00Z') });
    await expectError(await app.request('/api/shop/v1/categories'), 500, 'GENERIC_ERROR');
    const line = String(spy.mock.calls.at(-1)?.[0]);
    expect(JSON.parse(line)).toMatchObject({ route: '/api/shop/v1/categories', error: 'DrizzleQueryError <- Error', codes: ['22021'] });
    for (const secret of ['Alexanderplatz', 'Erika', 'back door', 'addresses', '0x00']) expect(line).not.toContain(secret);
    spy.mockRestore();
  });

  it('a failing query inside a shop route is 500 GENERIC_ERROR', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { select: () => { throw new Error('connection reset'); } };
    const app = buildApi({ getDb: async () => broken as never, clock: fixedClock('2026-06-16T08:00:00Z') });
    await expectError(await app.request('/api/shop/v1/categories'), 500, 'GENERIC_ERROR');
    spy.mockRestore();
  });

  it('an unreachable database is 503 SERVICE_UNAVAILABLE', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = buildApi({ getDb: () => Promise.reject(new Error('no database')), ping: async () => false });
    const response = await app.request('/api/shop/v1/categories?lang=de');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: errorMessages.de.SERVICE_UNAVAILABLE });
    spy.mockRestore();
  });
});

describe('error message language', () => {
  it.each([
    ['Accept-Language: de', { headers: { 'Accept-Language': 'de' } }, '', 'de'],
    ['Accept-Language: de-DE with weights', { headers: { 'Accept-Language': 'fr;q=0.9, de-DE;q=0.8' } }, '', 'de'],
    ['?lang=de', {}, '?lang=de', 'de'],
    ['?lang=de over Accept-Language: en', { headers: { 'Accept-Language': 'en' } }, '?lang=de', 'de'],
    ['X-Locale: de', { headers: { 'X-Locale': 'de' } }, '', 'de'],
    ['no preference', {}, '', 'en'],
    ['an unsupported language', { headers: { 'Accept-Language': 'fr' } }, '', 'en'],
  ] as const)('with %s', async (_label, init, query, locale) => {
    const app = appWithTestRoutes();
    await expectError(await app.request(`/api/nothing${query}`, init), 404, 'NOT_FOUND', locale);
    await expectError(await app.request(`/api/shop/v1/products?page=0${query ? `&${query.slice(1)}` : ''}`, init), 400, 'BAD_REQUEST', locale);
    await expectError(await app.request(`/api/test/echo${query}`, { ...post('{}'), headers: { 'Content-Type': 'application/json', ...('headers' in init ? init.headers : {}) } }), 400, 'MISSING_PARAMS', locale);
  });
});
