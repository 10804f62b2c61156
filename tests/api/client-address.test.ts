import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequestFromNodeRequest, writeResponse } from 'astro/app/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../../src/features/accounts/model/limits';
import { fixedClock } from '../../src/platform/clock';
import { parseTrustProxy } from '../../src/platform/server/client-address';
import { createShopServer } from '../../src/platform/server/http-server';
import { apiBindings } from '../../src/platform/server/request-context';
import { testApi } from './support/api';
import { createTestDb, type TestDb } from './support/test-db';
import './support/shopper';

// Issue 15, defect 7: behind a reverse proxy every visitor used to share one per-IP limit, because
// the API read Astro's clientAddress (the proxy) and TRUST_PROXY never took effect. Here the whole
// chain runs as in production: the shop server, Astro's request from the Node request, the API.
let testDb: TestDb;
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await testDb?.close();
});

/** The shop server with TRUST_PROXY set as given, serving the API over a test database. */
async function shopBehindProxy(trustProxy: string | undefined, clockAt: string) {
  const api = testApi(testDb, { clock: fixedClock(clockAt) });
  const server = createShopServer({
    clientDir: mkdtempSync(path.join(tmpdir(), 'apobote-client-')),
    csp: "default-src 'self'",
    hsts: false,
    maintenance: async () => ({ on: false, message: { en: '', de: '' } }),
    trustProxy: parseTrustProxy(trustProxy),
    // What Astro's standalone handler and src/pages/api/[...path].ts do with an API request.
    handler: async (req, res) => {
      const request = createRequestFromNodeRequest(req);
      const astroClientAddress = Reflect.get(request, Symbol.for('astro.clientAddress')) as string | undefined;
      await writeResponse(await api.fetch(request, apiBindings(astroClientAddress)), res);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The shop keeps idle connections 65 s; closing them makes close() answer now instead of then.
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let count = 0;
  /** A sign-up from a visitor the proxy (this test, at 127.0.0.1) names in X-Forwarded-For. */
  return async (visitor: string) => {
    count += 1;
    const email = `visitor.${count}.${visitor.replaceAll('.', '-')}.${Date.parse(clockAt)}@example.de`;
    const response = await fetch(`${base}/api/v1/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
      body: JSON.stringify({ firstName: 'Erika', email, birthDate: '1990-05-15', password: 'correct-horse', confirmPassword: 'correct-horse' }),
    });
    return response.status;
  };
}

const LIMIT = RATE_RULES.registerPerIp.limit;

describe('per-IP limits behind a reverse proxy', () => {
  it('without TRUST_PROXY count the proxy: X-Forwarded-For cannot be forged to escape the limit', async () => {
    const signUp = await shopBehindProxy(undefined, '2026-06-16T08:00:00Z');
    for (let i = 0; i < LIMIT; i += 1) expect(await signUp(`203.0.113.${i + 1}`)).toBe(201);
    expect(await signUp('198.51.100.77')).toBe(429);
  });

  it('with TRUST_PROXY=true count each visitor the proxy names', async () => {
    const signUp = await shopBehindProxy('true', '2026-06-16T10:00:00Z');
    for (let i = 0; i < LIMIT; i += 1) expect(await signUp('203.0.113.1')).toBe(201);
    expect(await signUp('203.0.113.1')).toBe(429);
    expect(await signUp('203.0.113.2')).toBe(201);
  });

  it('with a list of trusted proxies believe X-Forwarded-For only from them', async () => {
    const trusted = await shopBehindProxy('127.0.0.1', '2026-06-16T12:00:00Z');
    for (let i = 0; i < LIMIT; i += 1) expect(await trusted('203.0.113.1')).toBe(201);
    expect(await trusted('203.0.113.1')).toBe(429);
    expect(await trusted('203.0.113.2')).toBe(201);
    // Another proxy address than the one the request comes from: the peer is the client.
    const elsewhere = await shopBehindProxy('10.0.0.0/8', '2026-06-16T14:00:00Z');
    for (let i = 0; i < LIMIT; i += 1) expect(await elsewhere(`203.0.113.${i + 1}`)).toBe(201);
    expect(await elsewhere('198.51.100.77')).toBe(429);
  });
});
