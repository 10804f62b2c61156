import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../../src/features/favorites/server/schema';
import { testApi } from './support/api';
import { IBUPROFEN, INACTIVE_PZN, OLD_STYLE_PZN, RX_PZN, seedCatalog, UNKNOWN_VALID_PZN } from './support/fixtures';
import { call, newShopper } from './support/shopper';
import { createTestDb, type TestDb } from './support/test-db';

let testDb: TestDb;
let app: ReturnType<typeof testApi>;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

type List = { items: { pzn: string; name: string }[] };
const add = (token: string, pzn: string) => call<{ pzn: string; product: { name: string } }>(app, '/v1/user/favorites', { token, body: { pzn } });
const list = (token: string) => call<List>(app, '/v1/user/favorites', { token });
const remove = (token: string, pzn: string) => call<List>(app, `/v1/user/favorites/${pzn}`, { method: 'DELETE', token });

describe('favorites', () => {
  it('need a login', async () => {
    expect((await call(app, '/v1/user/favorites')).status).toBe(401);
    expect((await call(app, '/v1/user/favorites', { body: { pzn: IBUPROFEN.pzn } })).status).toBe(401);
    expect((await call(app, `/v1/user/favorites/${IBUPROFEN.pzn}`, { method: 'DELETE' })).status).toBe(401);
  });

  it('adds idempotently (201 then 200), lists with product data, and removes', async () => {
    const token = await newShopper(app);
    expect((await list(token)).body.items).toEqual([]);
    const first = await add(token, IBUPROFEN.pzn);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ pzn: IBUPROFEN.pzn, product: { name: IBUPROFEN.name } });
    expect((await add(token, IBUPROFEN.pzn)).status).toBe(200);
    // Prescription-only products are shown (not sold), so they may be favourites.
    expect((await add(token, RX_PZN)).status).toBe(201);
    const listed = await list(token);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.items.map((item) => item.pzn).sort()).toEqual([IBUPROFEN.pzn, RX_PZN].sort());

    const removed = await remove(token, IBUPROFEN.pzn);
    expect(removed.status).toBe(200);
    expect(removed.body.items.map((item) => item.pzn)).toEqual([RX_PZN]);
    const again = await remove(token, IBUPROFEN.pzn);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it('refuses unknown and withdrawn products and malformed PZNs', async () => {
    const token = await newShopper(app);
    expect((await add(token, UNKNOWN_VALID_PZN)).body.code).toBe('PRODUCT_NOT_FOUND');
    expect((await add(token, INACTIVE_PZN)).status).toBe(404);
    expect((await add(token, '123')).status).toBe(400);
    expect((await call(app, '/v1/user/favorites', { token, body: {} })).body.code).toBe('MISSING_PARAMS');
  });

  it('keeps each customer’s favourites to themselves', async () => {
    const alice = await newShopper(app);
    const bob = await newShopper(app);
    await add(alice, OLD_STYLE_PZN);
    expect((await list(bob)).body.items).toEqual([]);
    expect((await remove(bob, OLD_STYLE_PZN)).status).toBe(404);
    expect((await list(alice)).body.items.map((item) => item.pzn)).toEqual([OLD_STYLE_PZN]);
  });

  it('are erased with the account', async () => {
    const token = await newShopper(app);
    await add(token, OLD_STYLE_PZN);
    const profile = await call<{ id: string }>(app, '/v1/user', { token });
    expect((await call(app, '/v1/user', { method: 'DELETE', token })).status).toBe(200);
    expect(await testDb.db.select().from(favorites).where(eq(favorites.userId, profile.body.id))).toEqual([]);
  });
});
