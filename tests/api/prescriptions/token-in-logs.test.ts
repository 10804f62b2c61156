import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail } from '../../../src/platform/http/result';
import { httpPrescriptionSystem, TEST_PRESCRIPTION_TOKENS, testTokenLine } from '../../../src/platform/prescriptions';
import { createShopServer } from '../../../src/platform/server/http-server';
import { testApi, WEEKDAY_MORNING } from '../support/api';
import { PHARMACY, seedCatalog, seedPharmacies } from '../support/fixtures';
import { newShopper } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import { freshToken, movableClock, recordingStandIn, seedPrescriptionProducts } from './harness';

// Issue 29: "the token is in no log line and no answer". The API behind the shop's real Node server
// (its request log) with every console line captured, through redemption, failures, the system
// being down, giving back and the account's erasure.

let testDb: TestDb;
const logLines: string[] = [];
const answers: string[] = [];
const clock = movableClock(WEEKDAY_MORNING);
let server: ReturnType<typeof createShopServer>;
let base = '';
let seam: ReturnType<typeof recordingStandIn>;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  await seedPharmacies(testDb.db);
  await seedPrescriptionProducts(testDb.db);
  seam = recordingStandIn(testDb.db, clock);
  const app = testApi(testDb, { clock, prescriptionSystem: seam.system });
  server = createShopServer({
    clientDir: mkdtempSync(path.join(tmpdir(), 'apobote-client-')),
    csp: "default-src 'self'",
    hsts: false,
    maintenance: async () => ({ on: false, message: { en: '', de: '' } }),
    log: (line) => logLines.push(line),
    // What Astro's handler does for /api: the Node request as a fetch Request to the Hono app.
    handler: async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const response = await app.fetch(
        new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) }),
        { clientAddress: '127.0.0.1', requestId: 'test-request' },
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await testDb?.close();
});

async function send(method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { prescriptions?: { id: string }[] } };
}

describe('a prescription token', () => {
  it('reaches no log line and no answer, whatever happens to it', async () => {
    const captured: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        captured.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
      }),
    );
    const fresh = freshToken();
    const other = freshToken('200');
    const secrets = [fresh, other, TEST_PRESCRIPTION_TOKENS.statutory, TEST_PRESCRIPTION_TOKENS.unavailable, TEST_PRESCRIPTION_TOKENS.alreadyRedeemed];
    try {
      const token = await newShopper(({ request: (p: string, init?: RequestInit) => fetch(`${base}${p}`, init) }) as never);
      expect((await send('PUT', '/v1/user/cart/pharmacy', token, { pharmacyId: PHARMACY.daily })).status).toBe(200);

      const typed = await send('POST', '/v1/user/prescriptions', token, { prescriptionId: fresh.prescriptionId, accessCode: fresh.accessCode });
      expect(typed.status).toBe(200);
      const scanned = await send('POST', '/v1/user/prescriptions', token, { code: JSON.stringify({ urls: [other.canonical, testTokenLine('alreadyRedeemed'), testTokenLine('statutory')] }) });
      expect(scanned.status).toBe(200);
      expect((await send('POST', '/v1/user/prescriptions', token, { code: testTokenLine('unavailable') })).status).toBe(503);
      expect((await send('POST', '/v1/user/prescriptions', token, { prescriptionId: fresh.prescriptionId.replace(/\d$/, (d) => String((Number(d) + 1) % 10)), accessCode: fresh.accessCode })).status).toBe(422);
      seam.state.down = true;
      expect((await send('POST', '/v1/user/prescriptions', token, { code: freshToken().canonical })).status).toBe(503);
      seam.state.down = false;
      expect((await send('GET', '/v1/user/prescriptions', token)).status).toBe(200);
      const id = typed.body.prescriptions![0]!.id;
      expect((await send('GET', `/v1/user/prescriptions/${id}`, token)).status).toBe(200);
      expect((await send('DELETE', `/v1/user/prescriptions/${id}`, token)).status).toBe(200);
      seam.state.down = true; // the erasure's report fails and is logged as a warning
      expect((await send('DELETE', '/v1/user', token)).status).toBe(200);
      seam.state.down = false;

      // The HTTP adapter's own problem lines, for a system that answers nonsense.
      const adapter = httpPrescriptionSystem({ baseUrl: 'https://erezept.example', fetch: async () => new Response(JSON.stringify({ echo: fresh.canonical }), { status: 200 }), sleep: async () => undefined });
      expect(await adapter.retrieve(fresh, { pharmacyId: PHARMACY.daily })).toEqual(fail('PRESCRIPTION_SERVICE_UNAVAILABLE'));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    expect(logLines.filter((line) => line.includes('/api/v1/user/prescriptions')).length).toBeGreaterThanOrEqual(8);
    expect(captured.some((line) => line.includes('prescription'))).toBe(true); // the warnings were seen, without secrets
    const everything = [...logLines, ...captured, ...answers].map((line) => line.toLowerCase());
    for (const secret of secrets) {
      for (const line of everything) {
        expect(line).not.toContain(secret.accessCode);
        // The PrescriptionID may be shown; the id with its code, in any spelling of the token, never.
        expect(line).not.toContain(`${secret.prescriptionId}/$accept`);
      }
    }
    expect(everything.some((line) => line.includes('$accept') || line.includes('ac='))).toBe(false);
  });
});
