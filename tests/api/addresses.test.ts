import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerAddressRoutes } from '../../src/features/addresses';
import { registerAccountRoutes } from '../../src/features/accounts';
import { userAddresses } from '../../src/features/addresses/server/schema';
import { createApiApp } from '../../src/platform/http/app';
import { call, registerUser, testClock, useTestDb, type AccountsApp } from './accounts/harness';

type Address = { id: string; type: string; street_address: string; house_number: string; room: string | null; postal_code: string; locality: string; note: string | null };

const test = useTestDb();
const clock = testClock();

function app(): AccountsApp {
  const api = createApiApp({ getDb: async () => test.db.db, clock });
  registerAccountRoutes(api);
  registerAddressRoutes(api);
  return api;
}

const ADDRESS = { street_address: 'Straße des 17. Juni', house_number: '12a', room: '3. OG', postal_code: '10557', locality: 'Berlin', note: 'Bitte klingeln' };

async function create(api: AccountsApp, token: string, kind: 'shipping' | 'billing', body: Record<string, unknown> = ADDRESS) {
  return call<Address>(api, `/v1/user/${kind}/`, { token, body });
}

describe('addresses need a token', () => {
  it('answers 401 on every route without one', async () => {
    const api = app();
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/user/addresses'],
      ['POST', '/v1/user/shipping/', ADDRESS],
      ['PUT', '/v1/user/shipping/x', ADDRESS],
      ['DELETE', '/v1/user/shipping/x'],
      ['POST', '/v1/user/billing/', ADDRESS],
      ['PUT', '/v1/user/billing/x', ADDRESS],
      ['DELETE', '/v1/user/billing/x'],
    ];
    for (const [method, path, body] of calls) {
      const result = await call(api, path, { method, body });
      expect(result.status, `${method} ${path}`).toBe(401);
      expect(result.body.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('creating, listing, changing and deleting', () => {
  it('creates a shipping address with the spec’s fields, street numbers kept whole', async () => {
    const api = app();
    const { token } = await registerUser(api);
    const created = await create(api, token, 'shipping');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'shipping', ...ADDRESS });
    expect(created.body.id).toEqual(expect.any(String));
  });

  it('keeps leading zeros, trims and stores empty optional fields as null', async () => {
    const api = app();
    const { token } = await registerUser(api);
    const created = await create(api, token, 'billing', { street_address: ' C 3 ', house_number: ' 7  1/2 ', postal_code: '01067', locality: 'Dresden', room: '' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'billing', street_address: 'C 3', house_number: '7 1/2', postal_code: '01067', room: null, note: null });
  });

  it.each(['12', '12a', '12 A', '12-14', '12a-14d', '7 1/2', '3/1'])('accepts the house number %j', async (house_number) => {
    const api = app();
    const { token } = await registerUser(api);
    expect((await create(api, token, 'shipping', { ...ADDRESS, house_number })).status).toBe(201);
  });

  it('lists both kinds for the owner only', async () => {
    const api = app();
    const alice = await registerUser(api);
    const bob = await registerUser(api);
    await create(api, alice.token, 'shipping');
    await create(api, alice.token, 'billing', { ...ADDRESS, street_address: 'Unter den Linden', house_number: '1' });
    await create(api, bob.token, 'shipping');
    const list = await call<{ shipping: Address[]; billing: Address[] }>(api, '/v1/user/addresses', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.shipping).toHaveLength(1);
    expect(list.body.billing.map((a) => a.street_address)).toEqual(['Unter den Linden']);
  });

  it('updates and deletes an own address', async () => {
    const api = app();
    const { token } = await registerUser(api);
    const { body: address } = await create(api, token, 'shipping');
    const updated = await call<Address>(api, `/v1/user/shipping/${address.id}`, { method: 'PUT', token, body: { ...ADDRESS, house_number: '14', note: null } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: address.id, house_number: '14', note: null });

    const deleted = await call(api, `/v1/user/shipping/${address.id}`, { method: 'DELETE', token });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call(api, `/v1/user/shipping/${address.id}`, { method: 'DELETE', token })).status).toBe(404);
  });
});

describe('one customer never reaches another’s address', () => {
  it('answers 404 to reading-by-change, changing and deleting someone else’s address', async () => {
    const api = app();
    const alice = await registerUser(api);
    const mallory = await registerUser(api);
    const { body: address } = await create(api, alice.token, 'shipping');

    const put = await call(api, `/v1/user/shipping/${address.id}`, { method: 'PUT', token: mallory.token, body: ADDRESS });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe('NOT_FOUND');
    expect((await call(api, `/v1/user/shipping/${address.id}`, { method: 'DELETE', token: mallory.token })).status).toBe(404);
    // The id of a shipping address is not a billing address, even for its owner.
    expect((await call(api, `/v1/user/billing/${address.id}`, { method: 'DELETE', token: alice.token })).status).toBe(404);

    const list = await call<{ shipping: Address[] }>(api, '/v1/user/addresses', { token: alice.token });
    expect(list.body.shipping[0]).toMatchObject({ house_number: '12a', note: 'Bitte klingeln' });
  });
});

describe('validation errors', () => {
  it('"Please fill in all fields" when a field is missing, in both languages', async () => {
    const api = app();
    const { token } = await registerUser(api);
    const en = await call(api, '/v1/user/shipping/', { token, body: { ...ADDRESS, locality: '' } });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 'ADDRESS_FIELDS_REQUIRED', message: 'Please fill in all fields.', fields: { locality: 'ADDRESS_FIELDS_REQUIRED' } });
    const de = await call(api, '/v1/user/shipping/', { token, lang: 'de', body: { house_number: '1' } });
    expect(de.body).toMatchObject({ code: 'ADDRESS_FIELDS_REQUIRED', message: 'Bitte füllen Sie alle Felder aus.' });
  });

  it('HOUSE_NUMBER_REQUIRED when only the house number is missing', async () => {
    const api = app();
    const { token } = await registerUser(api);
    const { house_number: _omit, ...rest } = ADDRESS;
    for (const body of [rest, { ...ADDRESS, house_number: '  ' }]) {
      const result = await call(api, '/v1/user/billing/', { token, body });
      expect(result).toMatchObject({ status: 400, body: { code: 'HOUSE_NUMBER_REQUIRED', message: 'Please enter a house number.' } });
    }
  });

  it('INVALID_HOUSE_NUMBER and INVALID_POSTAL_CODE', async () => {
    const api = app();
    const { token } = await registerUser(api);
    expect((await call(api, '/v1/user/shipping/', { token, body: { ...ADDRESS, house_number: '12ab' } })).body.code).toBe('INVALID_HOUSE_NUMBER');
    for (const postal_code of ['1067', '105577', 10557]) {
      expect((await call(api, '/v1/user/shipping/', { token, body: { ...ADDRESS, postal_code } })).body.code).toBe('INVALID_POSTAL_CODE');
    }
  });

  it('a rider note over 200 characters is a bad request; the same rules apply on PUT', async () => {
    const api = app();
    const { token } = await registerUser(api);
    expect((await call(api, '/v1/user/shipping/', { token, body: { ...ADDRESS, note: 'x'.repeat(201) } })).body).toMatchObject({ code: 'BAD_REQUEST', fields: { note: 'BAD_REQUEST' } });
    const { body: address } = await create(api, token, 'shipping');
    const put = await call(api, `/v1/user/shipping/${address.id}`, { method: 'PUT', token, body: { ...ADDRESS, house_number: '' } });
    expect(put).toMatchObject({ status: 400, body: { code: 'HOUSE_NUMBER_REQUIRED' } });
  });
});

describe('account deletion', () => {
  it('erases the customer’s addresses in the same transaction', async () => {
    const api = app();
    const { token, user } = await registerUser(api);
    await create(api, token, 'shipping');
    await create(api, token, 'billing');
    expect(await test.db.db.select().from(userAddresses).where(eq(userAddresses.userId, user.id))).toHaveLength(2);
    expect((await call(api, '/v1/user', { method: 'DELETE', token })).status).toBe(200);
    expect(await test.db.db.select().from(userAddresses).where(eq(userAddresses.userId, user.id))).toHaveLength(0);
  });
});
