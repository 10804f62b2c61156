import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../../src/app/api';
import { pushSubscriptions } from '../../../src/features/push/server/schema';
import { call } from '../support/shopper';
import { DAILY, drainOutbox, newCustomer, pharmacistToken, place, PLASTER, readyDraft, setLocale, setStock, staffPost, useOrdersApp, type Customer } from '../orders/harness';
import { browserKeys, decryptPush, startPushService } from './push-service';

/*
 * Web push round trip (issue 10): a customer's browser subscribes, the pharmacy changes the
 * order's status, and a stand-in push service on this machine receives what a real one would: an
 * aes128gcm message only that browser can read, signed with the shop's VAPID key.
 */
const h = useOrdersApp();
let service: Awaited<ReturnType<typeof startPushService>>;
let staff: string;
let devices = 0;

beforeAll(async () => {
  service = await startPushService();
  staff = await pharmacistToken(h.app, DAILY);
  await setStock(h.db, DAILY, { [PLASTER]: 100 });
});
afterAll(() => service?.close());

type Subscribed = { id: string };

async function subscribe(customer: Pick<Customer, 'token'>) {
  devices += 1;
  const path = `/push/device-${devices}`;
  const browser = browserKeys();
  const saved = await call<Subscribed>(h.app, '/v1/user/push/subscriptions', { token: customer.token, body: { endpoint: `${service.origin}${path}`, keys: browser.keys } });
  expect(saved.status).toBe(201);
  return { path, browser, id: saved.body.id };
}

async function placedOrder(customer: Customer) {
  const { draft } = await readyDraft(h.app, { [PLASTER]: 1 }, {}, customer);
  const placed = await place(h.app, customer.token, draft.id);
  expect(placed.status).toBe(200);
  return draft.id;
}

/** What the push service received for `path`, once the outbox has delivered what the answered steps wrote. */
async function pushedTo(path: string) {
  await drainOutbox();
  return service.to(path);
}

const rowsOf = (userId: string) => h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** Checks the VAPID Authorization header (RFC 8292) against the key the shop hands to browsers. */
async function expectVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  expect(match![2]).toBe(publicKey);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, 'ES256');
  const { payload } = await jwtVerify(match![1]!, key, { audience: service.origin });
  expect(payload.sub).toMatch(/^mailto:|^https:/);
}

describe('web push of order status changes', () => {
  it('needs a login', async () => {
    expect((await call(h.app, '/v1/user/push/key')).status).toBe(401);
    expect((await call(h.app, '/v1/user/push/subscriptions', { body: { endpoint: `${service.origin}/x`, keys: browserKeys().keys } })).status).toBe(401);
    expect((await call(h.app, '/v1/user/push/subscriptions/x', { method: 'DELETE' })).status).toBe(401);
  });

  it('subscribe → order accepted → the push service gets an encrypted, VAPID-signed message in the customer\'s language', async () => {
    const customer = await newCustomer(h.app);
    await setLocale(h.db, customer.userId, 'de');
    const key = await call<{ public_key: string }>(h.app, '/v1/user/push/key', { token: customer.token });
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.public_key, 'base64url')).toHaveLength(65);
    const device = await subscribe(customer);
    const orderId = await placedOrder(customer);
    expect(await pushedTo(device.path)).toHaveLength(0);

    expect((await staffPost(h.app, staff, orderId, 'accept')).status).toBe(200);

    const [push] = await pushedTo(device.path);
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    await expectVapid(push!.headers.authorization as string, key.body.public_key);
    // Only the browser's keys open it: nothing of the order is readable on the way.
    expect(push!.body.toString('utf8')).not.toContain('Bestellung');
    const message = JSON.parse(decryptPush(push!.body, device.browser)) as { title: string; body: string; url: string; tag: string };
    expect(message).toEqual({
      title: 'Ihre Bestellung wurde angenommen',
      body: expect.stringContaining('bereitet die Bestellung') as string,
      url: `/de/shop/orders/view/?id=${encodeURIComponent(orderId)}`,
      tag: `order-${orderId}`,
    });
  });

  it('a subscription the push service calls gone (410) is removed; steps that keep the status push nothing', async () => {
    const customer = await newCustomer(h.app);
    const device = await subscribe(customer);
    const orderId = await placedOrder(customer);
    expect((await staffPost(h.app, staff, orderId, 'accept')).status).toBe(200);
    const first = JSON.parse(decryptPush((await pushedTo(device.path))[0]!.body, device.browser)) as { title: string };
    expect(first.title).toBe('Your order has been accepted');

    for (const step of ['check', 'pack']) expect((await staffPost(h.app, staff, orderId, step)).status).toBe(200);
    expect(await pushedTo(device.path)).toHaveLength(1);

    service.answer(device.path, 410);
    expect((await staffPost(h.app, staff, orderId, 'pickup')).status).toBe(200);
    expect(await pushedTo(device.path)).toHaveLength(2);
    expect(await rowsOf(customer.userId)).toHaveLength(0);

    expect((await staffPost(h.app, staff, orderId, 'deliver')).status).toBe(200);
    expect(await pushedTo(device.path)).toHaveLength(2);
  });

  it('a rejection is pushed; a push service failing otherwise keeps the subscription and the order step stands', async () => {
    const customer = await newCustomer(h.app);
    const device = await subscribe(customer);
    service.answer(device.path, 500);
    const orderId = await placedOrder(customer);
    expect((await staffPost(h.app, staff, orderId, 'reject', { reason: 'Nicht vorrätig' })).status).toBe(200);
    const [push] = await pushedTo(device.path);
    expect((JSON.parse(decryptPush(push!.body, device.browser)) as { title: string }).title).toBe('Your order could not be accepted');
    expect(await rowsOf(customer.userId)).toHaveLength(1);
  });

  it('the same endpoint again keeps its id; a customer deletes their own subscription only', async () => {
    const customer = await newCustomer(h.app);
    const other = await newCustomer(h.app);
    const device = await subscribe(customer);
    const again = await call<Subscribed>(h.app, '/v1/user/push/subscriptions', { token: customer.token, body: { endpoint: `${service.origin}${device.path}`, keys: browserKeys().keys } });
    expect(again.body.id).toBe(device.id);
    expect(await rowsOf(customer.userId)).toHaveLength(1);

    const foreign = await call(h.app, `/v1/user/push/subscriptions/${device.id}`, { method: 'DELETE', token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    expect((await call(h.app, `/v1/user/push/subscriptions/${device.id}`, { method: 'DELETE', token: customer.token })).body).toEqual({ ok: true });
    expect(await rowsOf(customer.userId)).toHaveLength(0);
  });

  it('refuses endpoints the server must not post to, and malformed keys', async () => {
    const customer = await newCustomer(h.app);
    for (const endpoint of ['http://push.example.com/x', 'https://10.0.0.1/x', 'https://user:pw@push.example.com/x', 'ftp://push.example.com/x', 'not a url']) {
      const refused = await call(h.app, '/v1/user/push/subscriptions', { token: customer.token, body: { endpoint, keys: browserKeys().keys } });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.code, endpoint).toBe('PUSH_SUBSCRIPTION_INVALID');
    }
    const noKeys = await call(h.app, '/v1/user/push/subscriptions', { token: customer.token, body: { endpoint: 'https://push.example.com/x' } });
    expect(noKeys.body.code).toBe('MISSING_PARAMS');
    const badKey = await call(h.app, '/v1/user/push/subscriptions', { token: customer.token, body: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'x', auth: 'y' } } });
    expect(badKey.body.code).toBe('BAD_REQUEST');
  });

  it('logging out and deleting the account remove the device\'s subscription', async () => {
    const leaving = await newCustomer(h.app);
    await subscribe(leaving);
    expect((await call(h.app, '/v1/user/logout', { token: leaving.token, body: {} })).status).toBe(200);
    expect(await rowsOf(leaving.userId)).toHaveLength(0);

    const erased = await newCustomer(h.app);
    await subscribe(erased);
    expect((await call(h.app, '/v1/user', { method: 'DELETE', token: erased.token })).status).toBe(200);
    expect(await rowsOf(erased.userId)).toHaveLength(0);
  });

  it('uses the configured VAPID keys; production without keys has push off (503)', async () => {
    const customer = await newCustomer(h.app);
    const configured = { VAPID_PUBLIC_KEY: 'BConfiguredPublicKey', VAPID_PRIVATE_KEY: 'private', VAPID_SUBJECT: 'mailto:ops@example.org' };
    const withKeys = buildApi({ getDb: async () => h.db, clock: h.clock, push: { env: { ...configured, APOBOTE_MODE: 'production' } } });
    expect((await call<{ public_key: string }>(withKeys, '/v1/user/push/key', { token: customer.token })).body).toEqual({ public_key: 'BConfiguredPublicKey' });

    const off = buildApi({ getDb: async () => h.db, clock: h.clock, push: { env: { APOBOTE_MODE: 'production' } } });
    const key = await call(off, '/v1/user/push/key', { token: customer.token });
    expect(key.status).toBe(503);
    expect(key.body.code).toBe('PUSH_NOT_AVAILABLE');
    const saved = await call(off, '/v1/user/push/subscriptions', { token: customer.token, body: { endpoint: 'https://push.example.com/x', keys: browserKeys().keys } });
    expect(saved.body.code).toBe('PUSH_NOT_AVAILABLE');
  });
});

describe('web push of pharmacist replies', () => {
  it('a reply the customer is not watching is pushed in their language, naming the pharmacy, never the text', async () => {
    const customer = await newCustomer(h.app);
    await setLocale(h.db, customer.userId, 'de');
    const device = await subscribe(customer);
    const opened = await call<{ id: string }>(h.app, '/v1/user/chat/conversations', { token: customer.token, body: { pharmacy_id: DAILY } });
    expect([200, 201]).toContain(opened.status);
    expect((await call(h.app, `/v1/user/chat/conversations/${opened.body.id}/messages`, { token: customer.token, body: { text: 'Darf ich das in der Schwangerschaft nehmen?' } })).status).toBe(201);
    expect(await pushedTo(device.path)).toEqual([]);

    const answered = await call(h.app, `/v1/pharmacy/chat/conversations/${opened.body.id}/messages`, { token: staff, body: { text: 'Bitte nicht ohne Rücksprache mit Ihrer Ärztin.' } });
    expect(answered.status).toBe(201);
    const pushes = await pushedTo(device.path);
    expect(pushes).toHaveLength(1);
    const message = JSON.parse(decryptPush(pushes[0]!.body, device.browser)) as { title: string; body: string; url: string; tag: string };
    expect(message).toEqual({
      title: 'Ihre Apotheke hat geantwortet',
      body: expect.stringContaining('hat im Chat geantwortet') as string,
      url: `/de/shop/chat/?conversation=${opened.body.id}`,
      tag: `chat-${opened.body.id}`,
    });
    expect(JSON.stringify(message)).not.toContain('Rücksprache');
  });
});
