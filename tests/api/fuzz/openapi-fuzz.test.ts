import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../../src/app/api';
import { seedDemoPharmacists } from '../../../src/features/accounts';
import { ERROR_CODES } from '../../../src/platform/http/error-codes';
import { IBUPROFEN, PHARMACY, seedCatalog, seedPharmacies } from '../support/fixtures';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import { newCustomer, OPEN, pharmacistToken, place, PLASTER, readyDraft, setStock, spyGateway, testClock, VISA, type App } from '../orders/harness';
import { fuzzCases, operations, seededRandom, urlOf, type Document, type FuzzCase, type Operation } from './cases';

/*
 * Issue 15: every operation of the OpenAPI document, sent as documented and then malformed (bodies,
 * control characters, wrong types, huge values). No answer may be a 5xx, and every error answer must
 * be { code, message } (fields optional) with a code of the catalogue. A control character must be
 * refused with 400 wherever it is. Seeded, so a failure names a case that can be sent again.
 */
const SEED = 0x15_0f;
const BUDGET = { fields: 12, perField: 4 };
const ADMIN_TOKEN = 'fuzz-admin-token';

// The document is the same for any database: read it once to name one test per operation.
const documentApp = buildApi({ getDb: async () => ({}) as never, adminToken: ADMIN_TOKEN });
const doc = (await (await documentApp.request('/api/openapi.json')).json()) as Document;
const all = operations(doc);
const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

let testDb: TestDb;
let app: App;
let staff: string;
let pendingOrderId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  await seedPharmacies(testDb.db);
  await seedDemoPharmacists(testDb.db, [PHARMACY.daily]);
  await setStock(testDb.db, PHARMACY.daily, { [PLASTER]: 1_000, [IBUPROFEN.pzn]: 1_000 });
  const clock = testClock(OPEN);
  app = buildApi({
    getDb: async () => testDb.db,
    ping: () => testDb.handle.ping(),
    clock,
    adminToken: ADMIN_TOKEN,
    paymentGateway: spyGateway(clock).gateway,
    orders: { env: { ...process.env, APOBOTE_MODE: 'demo' } },
  });
  staff = await pharmacistToken(app, PHARMACY.daily);
  const { customer, draft } = await readyDraft(app);
  const placed = await place(app, customer.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status}`);
  pendingOrderId = placed.body.id;
}, 120_000);
afterAll(() => testDb?.close());

/** Who calls: the operator for /api/admin, the pharmacist for /pharmacy, else a fresh customer. */
async function caller(operation: Operation): Promise<{ token: string | null; path: Record<string, string> }> {
  const path: Record<string, string> = { pzn: IBUPROFEN.pzn, provider: 'google', key: 'maintenance_mode_web', id: PHARMACY.daily };
  if (operation.path.startsWith('/api/admin/')) return { token: ADMIN_TOKEN, path };
  if (operation.path.includes('/pharmacy/orders')) return { token: staff, path: { ...path, id: pendingOrderId } };
  if (!operation.security?.length) return { token: null, path };
  const customer = await newCustomer(app);
  if (/\/(shipping|billing)\/\{id\}/.test(operation.path)) return { token: customer.token, path: { ...path, id: customer.addressId } };
  if (operation.path.includes('/orders/')) {
    const { draft } = await readyDraft(app, { [PLASTER]: 1 }, {}, customer);
    return { token: customer.token, path: { ...path, id: draft.id } };
  }
  if (operation.path.includes('/cards/')) return { token: customer.token, path: { ...path, id: randomUUID() } };
  return { token: customer.token, path };
}

async function send(operation: Operation, fuzzCase: FuzzCase, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...fuzzCase.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  // A fresh key per case: a repeated one would only replay the first answer.
  if (operation.parameters?.some((parameter) => parameter.name === 'idempotency-key')) headers['idempotency-key'] = `fuzz-${randomUUID()}`;
  let body: string | undefined;
  if (fuzzCase.body && 'json' in fuzzCase.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fuzzCase.body.json);
  } else if (fuzzCase.body) {
    if (fuzzCase.body.contentType) headers['content-type'] = fuzzCase.body.contentType;
    body = fuzzCase.body.raw;
  }
  return app.request(urlOf(operation, fuzzCase), { method: operation.method, headers, ...(body !== undefined ? { body } : {}) });
}

/** Why an answer breaks the contract, or null. */
async function problemOf(response: Response, fuzzCase: FuzzCase): Promise<string | null> {
  const text = await response.text();
  if (response.status >= 500) return `${response.status} ${text.slice(0, 200)}`;
  if (fuzzCase.refusedCharacter && response.status !== 400) return `a control character or lone surrogate got ${response.status}, not 400`;
  if (response.status < 400) return null;
  if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) return `${response.status} answered as ${response.headers.get('content-type')}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return `${response.status} with a body that is not JSON`;
  }
  const keys = Object.keys(body).filter((key) => key !== 'fields');
  if (keys.sort().join(',') !== 'code,message') return `${response.status} with keys ${Object.keys(body).join(',')}`;
  if (!KNOWN_CODES.has(String(body.code))) return `${response.status} with unknown code ${String(body.code)}`;
  if (typeof body.message !== 'string' || body.message === '') return `${response.status} without a message`;
  return null;
}

describe('OpenAPI fuzzing: no 5xx, every error { code, message }', () => {
  it('covers every documented operation', () => {
    expect(all.length).toBeGreaterThan(60);
  });

  it.each(all.map((operation, index) => [`${operation.method} ${operation.path}`, operation, index] as const))('%s', async (_name, operation, index) => {
    const random = seededRandom(SEED + index);
    const { token, path } = await caller(operation);
    const failures: string[] = [];
    for (const fuzzCase of fuzzCases(doc, operation, { path, headers: {} }, random, BUDGET)) {
      const problem = await problemOf(await send(operation, fuzzCase, token), fuzzCase);
      if (problem) failures.push(`${fuzzCase.label}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('still answers the API as documented afterwards', async () => {
    expect((await call(app, '/health')).status).toBe(200);
    expect((await call(app, `/shop/v1/pharmacies/${PHARMACY.daily}`)).status).toBe(200);
  });
});
