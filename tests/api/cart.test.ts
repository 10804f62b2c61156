import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts } from '../../src/features/cart/server/schema';
import { products } from '../../src/features/catalog/server/schema';
import { testApi } from './support/api';
import { IBUPROFEN, INACTIVE_PZN, OLD_STYLE_PZN, PHARMACY, RX_PZN, seedCatalog, seedPharmacies, UNKNOWN_VALID_PZN, validPzns } from './support/fixtures';
import { call, newShopper, setStock, SHIPPING_ADDRESS } from './support/shopper';
import { createTestDb, type TestDb } from './support/test-db';

let testDb: TestDb;
let app: ReturnType<typeof testApi>;

const PLASTER = '04773414';
/** A second ibuprofen product, for the duplicate-ingredient warning. */
const IBU_GEL = validPzns(1, 5_000_000)[0]!;
const [VITAMIN_7] = validPzns(1);

interface Cart {
  pharmacyId: string | null;
  lines: { pzn: string; quantity: number; lineTotalCents: number; availability: { status: string; stock: number | null }; product: { name: string } }[];
  totals: { subtotalCents: number; deliveryFeeCents: number; totalCents: number; itemCount: number; vat: { rate: number; vatCents: number }[] };
  warnings: { code: string; message: string; pzn?: string; requestedQuantity?: number; availableQuantity?: number; ingredient?: string; pzns?: string[] }[];
}

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  await seedPharmacies(testDb.db);
  const [ibuprofen] = await testDb.db.select().from(products).where(eq(products.pzn, IBUPROFEN.pzn));
  await testDb.db.insert(products).values({ ...ibuprofen!, pzn: IBU_GEL, slug: `ibu-gel-${IBU_GEL}`, name: 'Ibuprofen Gel Test', priceCents: 1299 });
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

const put = (token: string, pzn: string, quantity: number, lang?: 'en' | 'de') =>
  call<Cart>(app, `/v1/user/cart/items/${pzn}`, { method: 'PUT', token, body: { quantity }, ...(lang ? { lang } : {}) });
const increment = (token: string, pzn: string, by = 1) => call<Cart>(app, `/v1/user/cart/items/${pzn}/increment`, { token, body: { by } });
const getCart = (token: string) => call<Cart>(app, '/v1/user/cart', { token });
const choose = (token: string, pharmacyId: string) => call<Cart>(app, '/v1/user/cart/pharmacy', { method: 'PUT', token, body: { pharmacyId } });

describe('the cart needs a login', () => {
  it('answers 401 UNAUTHORIZED on every cart call without a token', async () => {
    const calls = [
      call(app, '/v1/user/cart'),
      call(app, `/v1/user/cart/items/${IBUPROFEN.pzn}`, { method: 'PUT', body: { quantity: 1 } }),
      call(app, `/v1/user/cart/items/${IBUPROFEN.pzn}/increment`, { body: { by: 1 } }),
      call(app, `/v1/user/cart/items/${IBUPROFEN.pzn}`, { method: 'DELETE' }),
      call(app, '/v1/user/cart', { method: 'DELETE' }),
      call(app, '/v1/user/cart/pharmacy', { method: 'PUT', body: { pharmacyId: PHARMACY.daily } }),
    ];
    for (const result of await Promise.all(calls)) {
      expect(result.status).toBe(401);
      expect(result.body.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('adding needs a delivery address (§6)', () => {
  it('refuses PUT and increment with 422 ADDRESS_REQUIRED in both languages; reading, emptying and the pharmacy choice still work', async () => {
    const token = await newShopper(app, { withAddress: false });
    const en = await put(token, IBUPROFEN.pzn, 1, 'en');
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({ code: 'ADDRESS_REQUIRED', message: 'Please add a delivery address first.' });
    const de = await put(token, IBUPROFEN.pzn, 1, 'de');
    expect(de.body).toMatchObject({ code: 'ADDRESS_REQUIRED', message: 'Bitte fügen Sie zuerst eine Lieferadresse hinzu.' });
    const incremented = await increment(token, IBUPROFEN.pzn);
    expect(incremented.status).toBe(422);
    expect(incremented.body.code).toBe('ADDRESS_REQUIRED');
    // A product that can never be added says so first, rather than sending the customer off to enter an address.
    expect((await put(token, RX_PZN, 1)).body.code).toBe('PRESCRIPTION_REQUIRED');

    expect((await getCart(token)).body.lines).toEqual([]);
    expect((await choose(token, PHARMACY.daily)).body.pharmacyId).toBe(PHARMACY.daily);
    expect((await call(app, '/v1/user/cart', { method: 'DELETE', token })).status).toBe(200);
    expect((await put(token, IBUPROFEN.pzn, 0)).status).toBe(200);
  });

  it('adds once the customer has entered an address, and still removes after the address is gone', async () => {
    const token = await newShopper(app, { withAddress: false });
    expect((await put(token, PLASTER, 1)).status).toBe(422);
    const address = await call<{ id: string }>(app, '/v1/user/shipping/', { token, body: SHIPPING_ADDRESS });
    expect(address.status).toBe(201);

    expect((await put(token, PLASTER, 2)).body.lines).toMatchObject([{ pzn: PLASTER, quantity: 2 }]);
    expect((await increment(token, IBUPROFEN.pzn)).body.lines).toHaveLength(2);

    // Deleting the only address blocks new additions but never traps items in the cart.
    expect((await call(app, `/v1/user/shipping/${address.body.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await increment(token, PLASTER)).body.code).toBe('ADDRESS_REQUIRED');
    expect((await put(token, PLASTER, 0)).body.lines).toMatchObject([{ pzn: IBUPROFEN.pzn, quantity: 1 }]);
    expect((await call<Cart>(app, `/v1/user/cart/items/${IBUPROFEN.pzn}`, { method: 'DELETE', token })).body.lines).toEqual([]);
  });
});

describe('adding, changing and removing lines', () => {
  it('starts empty, keeps lines on the server and prices them with the shared module', async () => {
    const token = await newShopper(app);
    const empty = await getCart(token);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect(empty.body).toMatchObject({ pharmacyId: null, lines: [], warnings: [], totals: { subtotalCents: 0, deliveryFeeCents: 0, totalCents: 0 } });

    const added = await put(token, IBUPROFEN.pzn, 2);
    expect(added.status).toBe(200);
    expect(added.body.lines).toMatchObject([
      { pzn: IBUPROFEN.pzn, quantity: 2, lineTotalCents: 1198, availability: { status: 'unknown', stock: null }, product: { name: IBUPROFEN.name } },
    ]);
    // 11.98 € + 2.90 € delivery = 14.88 € at 19 % → 2.38 € contained.
    expect(added.body.totals).toMatchObject({ itemCount: 2, subtotalCents: 1198, deliveryFeeCents: 290, totalCents: 1488, vat: [{ rate: 19, vatCents: 238 }] });

    // Another device (a second login of the same customer) sees the same cart.
    expect((await getCart(token)).body.lines).toHaveLength(1);

    await put(token, VITAMIN_7!, 10);
    const mixed = await getCart(token);
    // 11.98 € + 49.90 € ≥ 30 €: free delivery; the vitamins carry 7 %.
    expect(mixed.body.totals).toMatchObject({ subtotalCents: 6188, deliveryFeeCents: 0, totalCents: 6188 });
    expect(mixed.body.totals.vat.map((share) => share.rate)).toEqual([19, 7]);

    const changed = await put(token, IBUPROFEN.pzn, 1);
    expect(changed.body.lines.find((line) => line.pzn === IBUPROFEN.pzn)?.quantity).toBe(1);

    const removedByZero = await put(token, IBUPROFEN.pzn, 0);
    expect(removedByZero.body.lines.map((line) => line.pzn)).toEqual([VITAMIN_7]);

    const deleted = await call<Cart>(app, `/v1/user/cart/items/${VITAMIN_7}`, { method: 'DELETE', token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.lines).toEqual([]);
    expect((await call(app, `/v1/user/cart/items/${VITAMIN_7}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('empties the whole cart and keeps the chosen pharmacy', async () => {
    const token = await newShopper(app);
    await setStock(testDb.db, PHARMACY.daily, { [PLASTER]: 50, [OLD_STYLE_PZN]: 50 });
    await choose(token, PHARMACY.daily);
    await put(token, PLASTER, 1);
    await put(token, OLD_STYLE_PZN, 1);
    const cleared = await call<Cart>(app, '/v1/user/cart', { method: 'DELETE', token });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ lines: [], pharmacyId: PHARMACY.daily });
  });

  it('refuses unknown and withdrawn products (404), prescription-only ones (422) and malformed PZNs (400)', async () => {
    const token = await newShopper(app);
    for (const pzn of [UNKNOWN_VALID_PZN, INACTIVE_PZN]) {
      const result = await put(token, pzn, 1);
      expect(result.status).toBe(404);
      expect(result.body.code).toBe('PRODUCT_NOT_FOUND');
    }
    const rx = await put(token, RX_PZN, 1, 'de');
    expect(rx.status).toBe(422);
    expect(rx.body).toMatchObject({ code: 'PRESCRIPTION_REQUIRED', message: expect.stringContaining('verschreibungspflichtig') });
    expect((await increment(token, RX_PZN)).body.code).toBe('PRESCRIPTION_REQUIRED');
    expect((await put(token, '1234', 1)).status).toBe(400);
    expect((await put(token, IBUPROFEN.pzn, -1)).status).toBe(400);
    expect((await getCart(token)).body.lines).toEqual([]);
  });

  it('caps a line at 10 units with 422 MAX_QUANTITY_EXCEEDED, for set and increment', async () => {
    const token = await newShopper(app);
    const tooMany = await put(token, IBUPROFEN.pzn, 11);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.code).toBe('MAX_QUANTITY_EXCEEDED');
    await put(token, IBUPROFEN.pzn, 9);
    expect((await increment(token, IBUPROFEN.pzn, 2)).body.code).toBe('MAX_QUANTITY_EXCEEDED');
    expect((await increment(token, IBUPROFEN.pzn, 1)).body.lines[0]?.quantity).toBe(10);
    expect((await getCart(token)).body.lines[0]?.quantity).toBe(10);
  });
});

describe('stock at the chosen pharmacy', () => {
  it('refuses an unknown or inactive pharmacy', async () => {
    const token = await newShopper(app);
    expect((await choose(token, 'no-such-pharmacy')).status).toBe(404);
    expect((await choose(token, 'apotheke-geschlossen')).status).toBe(404);
  });

  it('reduces a line to the stock, removes sold-out lines, and says so with the spec message', async () => {
    const token = await newShopper(app);
    await setStock(testDb.db, PHARMACY.late, { [IBUPROFEN.pzn]: 3, [PLASTER]: 0, [OLD_STYLE_PZN]: 20 });
    // Added before a pharmacy was chosen: nothing to check against yet.
    await put(token, IBUPROFEN.pzn, 5);
    await put(token, PLASTER, 2);
    await put(token, OLD_STYLE_PZN, 1);

    const chosen = await choose(token, PHARMACY.late);
    expect(chosen.status).toBe(200);
    expect(chosen.body.pharmacyId).toBe(PHARMACY.late);
    // Lines keep the order they were added in; the fixed test clock makes that PZN order here.
    expect(chosen.body.lines.map((line) => [line.pzn, line.quantity, line.availability.status])).toEqual([
      [OLD_STYLE_PZN, 1, 'in_stock'],
      [IBUPROFEN.pzn, 3, 'low'],
    ]);
    expect(chosen.body.warnings).toEqual([
      expect.objectContaining({ code: 'SOLD_OUT', pzn: PLASTER, availableQuantity: 0 }),
      expect.objectContaining({ code: 'STOCK_INSUFFICIENT', pzn: IBUPROFEN.pzn, requestedQuantity: 5, availableQuantity: 3 }),
    ]);
    expect(chosen.body.warnings[1]?.message).toBe('Product sold out or stock insufficient (items removed from the cart).');

    // Within stock a set is kept as asked; beyond it the line is reduced at once; a sold-out product is not added.
    const capped = await put(token, OLD_STYLE_PZN, 8);
    expect(capped.body.lines.find((line) => line.pzn === OLD_STYLE_PZN)?.quantity).toBe(8);
    const short = await put(token, IBUPROFEN.pzn, 4);
    expect(short.body.warnings).toEqual([expect.objectContaining({ code: 'STOCK_INSUFFICIENT', requestedQuantity: 4, availableQuantity: 3 })]);
    const soldOut = await put(token, PLASTER, 1, 'de');
    expect(soldOut.status).toBe(200);
    expect(soldOut.body.warnings).toEqual([expect.objectContaining({ code: 'SOLD_OUT', message: expect.stringContaining('ausverkauft') })]);
    expect(soldOut.body.lines.some((line) => line.pzn === PLASTER)).toBe(false);

    // Stock falls while the cart waits: the next GET re-checks.
    await setStock(testDb.db, PHARMACY.late, { [OLD_STYLE_PZN]: 2, [IBUPROFEN.pzn]: 0 });
    const reopened = await getCart(token);
    expect(reopened.body.lines.map((line) => [line.pzn, line.quantity])).toEqual([[OLD_STYLE_PZN, 2]]);
    expect(reopened.body.warnings.map((warning) => [warning.pzn, warning.code])).toEqual([
      [OLD_STYLE_PZN, 'STOCK_INSUFFICIENT'],
      [IBUPROFEN.pzn, 'SOLD_OUT'],
    ]);
    // …and the reduction was stored: a second GET has nothing more to say.
    expect((await getCart(token)).body.warnings).toEqual([]);
  });

  it('removes a product withdrawn from the catalogue when the cart opens', async () => {
    const token = await newShopper(app);
    const [pzn] = validPzns(1, 6_000_000);
    const [ibuprofen] = await testDb.db.select().from(products).where(eq(products.pzn, IBUPROFEN.pzn));
    await testDb.db.insert(products).values({ ...ibuprofen!, pzn: pzn!, slug: `withdrawn-soon-${pzn}`, activeIngredients: [] });
    await put(token, pzn!, 1);
    await testDb.db.update(products).set({ active: false }).where(eq(products.pzn, pzn!));
    const cart = await getCart(token);
    expect(cart.body.lines).toEqual([]);
    expect(cart.body.warnings).toEqual([expect.objectContaining({ code: 'SOLD_OUT', pzn })]);
  });
});

describe('rapid quantity clicks', () => {
  it('counts every one of 20 parallel increments, stopping at the maximum of 10', async () => {
    const token = await newShopper(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => increment(token, OLD_STYLE_PZN)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(10);
    expect(results.filter((result) => result.status === 422).every((result) => result.body.code === 'MAX_QUANTITY_EXCEEDED')).toBe(true);
    expect((await getCart(token)).body.lines).toMatchObject([{ pzn: OLD_STYLE_PZN, quantity: 10 }]);
  });

  it('counts parallel increments up to the pharmacy stock, warning on the ones beyond it', async () => {
    const token = await newShopper(app);
    await setStock(testDb.db, PHARMACY.daily, { [IBU_GEL]: 7 });
    await choose(token, PHARMACY.daily);
    const results = await Promise.all(Array.from({ length: 20 }, () => increment(token, IBU_GEL)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    const warned = results.filter((result) => result.body.warnings.some((warning) => warning.code === 'STOCK_INSUFFICIENT'));
    // Exactly the 13 increments that asked for more than the 7 in stock are told so.
    expect(warned).toHaveLength(13);
    const [stored] = await testDb.db.select().from(cartItems).where(eq(cartItems.pzn, IBU_GEL));
    expect(stored?.quantity).toBe(7);
  });

  it('loses none of 20 parallel increments spread over several products', async () => {
    const token = await newShopper(app);
    const pzns = [PLASTER, OLD_STYLE_PZN, IBUPROFEN.pzn, VITAMIN_7!];
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(token, pzns[i % pzns.length]!)));
    const cart = await getCart(token);
    expect(cart.body.lines.map((line) => line.quantity)).toEqual([5, 5, 5, 5]);
  });
});

describe('duplicate active ingredients', () => {
  it('warns when two products share an ingredient, naming it and both PZNs', async () => {
    const token = await newShopper(app);
    await put(token, IBUPROFEN.pzn, 1);
    expect((await put(token, PLASTER, 1)).body.warnings).toEqual([]);
    const both = await put(token, IBU_GEL, 1, 'de');
    expect(both.body.warnings).toEqual([
      {
        code: 'DUPLICATE_ACTIVE_INGREDIENT',
        ingredient: 'Ibuprofen',
        pzns: [IBUPROFEN.pzn, IBU_GEL],
        message: expect.stringContaining('Apothekerin oder Ihren Apotheker'),
      },
    ]);
  });
});

describe('privacy', () => {
  it('never shows or changes another customer’s cart', async () => {
    const alice = await newShopper(app);
    const bob = await newShopper(app);
    await put(alice, PLASTER, 3);
    expect((await getCart(bob)).body.lines).toEqual([]);
    expect((await call(app, `/v1/user/cart/items/${PLASTER}`, { method: 'DELETE', token: bob })).status).toBe(404);
    await call(app, '/v1/user/cart', { method: 'DELETE', token: bob });
    expect((await getCart(alice)).body.lines).toMatchObject([{ pzn: PLASTER, quantity: 3 }]);
  });

  it('erases the cart with the account', async () => {
    const token = await newShopper(app);
    await setStock(testDb.db, PHARMACY.daily, { [PLASTER]: 50 });
    await choose(token, PHARMACY.daily);
    await put(token, PLASTER, 2);
    const profile = await call<{ id: string }>(app, '/v1/user', { token });
    expect((await call(app, '/v1/user', { method: 'DELETE', token })).status).toBe(200);
    expect(await testDb.db.select().from(cartItems).where(eq(cartItems.userId, profile.body.id))).toEqual([]);
    expect(await testDb.db.select().from(carts).where(eq(carts.userId, profile.body.id))).toEqual([]);
  });
});
