import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { composeOrderPush, pushFor } from '../../../src/features/orders/server/push';
import { applicationServerKey } from '../../../src/features/push/model/keys';
import { parsePushState, promptDecision, type PromptFacts } from '../../../src/features/push/model/prompt-rules';
import { DeliveryError } from '../../../src/platform/mail';
import { acceptablePushEndpoint, DEFAULT_VAPID_SUBJECT, vapidKeysFromEnv, webPushSender } from '../../../src/platform/push';
import webpush from 'web-push';

describe('push prompt rules', () => {
  const base: PromptFacts = { supported: true, permission: 'default', profileId: 'u1', consentDecided: true, state: { asked: [], owner: null } };

  it('asks a logged-in customer who answered the consent layer, once per customer on a device', () => {
    expect(promptDecision(base)).toBe('ask');
    expect(promptDecision({ ...base, state: { asked: ['u1'], owner: null } })).toBe('none');
    expect(promptDecision({ ...base, state: { asked: ['u0'], owner: null } })).toBe('ask');
  });

  it('does nothing without support, a login, a consent choice, or after the browser was told no', () => {
    expect(promptDecision({ ...base, supported: false })).toBe('none');
    expect(promptDecision({ ...base, profileId: null })).toBe('none');
    expect(promptDecision({ ...base, consentDecided: false })).toBe('none');
    expect(promptDecision({ ...base, permission: 'denied' })).toBe('none');
  });

  it("saves the subscription again for the customer who said yes on this device, not for the next person on it", () => {
    expect(promptDecision({ ...base, permission: 'granted', state: { asked: ['u1'], owner: 'u1' } })).toBe('sync');
    expect(promptDecision({ ...base, profileId: 'u2', permission: 'granted', state: { asked: ['u1'], owner: 'u1' } })).toBe('ask');
  });

  it('reads a damaged stored state as empty', () => {
    expect(parsePushState('{oops')).toEqual({ asked: [], owner: null });
    expect(parsePushState(JSON.stringify({ asked: ['a', 3], owner: 7 }))).toEqual({ asked: ['a'], owner: null });
  });
});

describe('push endpoints the server may post to', () => {
  it('accepts https on public hosts, and loopback http in demo mode only', () => {
    expect(acceptablePushEndpoint('https://fcm.googleapis.com/fcm/send/abc', { demoMode: false })).toBe(true);
    expect(acceptablePushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', { demoMode: false })).toBe(true);
    expect(acceptablePushEndpoint('http://127.0.0.1:9000/push/1', { demoMode: true })).toBe(true);
    expect(acceptablePushEndpoint('http://127.0.0.1:9000/push/1', { demoMode: false })).toBe(false);
    expect(acceptablePushEndpoint('https://localhost/push', { demoMode: false })).toBe(false);
  });

  it('refuses plain http, credentials, private addresses and single-label hosts', () => {
    for (const url of ['http://push.example.com/x', 'https://a:b@push.example.com/x', 'https://192.168.1.2/x', 'https://172.20.0.1/x', 'https://169.254.169.254/latest', 'https://[fd00::1]/x', 'https://intranet/x', 'javascript:alert(1)']) {
      expect(acceptablePushEndpoint(url, { demoMode: true }), url).toBe(false);
    }
  });
});

describe('VAPID keys from the environment', () => {
  it('needs both keys; the subject defaults', () => {
    expect(vapidKeysFromEnv({})).toBeNull();
    expect(vapidKeysFromEnv({ VAPID_PUBLIC_KEY: 'pub' })).toBeNull();
    expect(vapidKeysFromEnv({ VAPID_PUBLIC_KEY: ' pub ', VAPID_PRIVATE_KEY: 'priv' })).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: DEFAULT_VAPID_SUBJECT });
    expect(vapidKeysFromEnv({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'https://shop.example' })?.subject).toBe('https://shop.example');
  });

  it('turns the base64url public key into the bytes PushManager takes', () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    expect(Buffer.from(applicationServerKey(publicKey))).toEqual(Buffer.from(publicKey, 'base64url'));
  });
});

describe('the Web Push adapter', () => {
  const keys = { ...webpush.generateVAPIDKeys(), subject: DEFAULT_VAPID_SUBJECT };
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const target = { endpoint: 'https://push.example.com/send/1', p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const message = { title: 'T', body: 'B', url: '/shop/orders/view/?id=1', tag: 'order-1' };
  const answering = (status: number, seen: { url?: string; init?: RequestInit }[] = []) =>
    webPushSender(keys, async (url, init) => {
      seen.push({ url, ...(init ? { init } : {}) });
      return new Response(null, { status });
    });

  it('posts an aes128gcm message with a VAPID header to the endpoint', async () => {
    const seen: { url?: string; init?: RequestInit }[] = [];
    expect(await answering(201, seen).send(target, message)).toBe('delivered');
    expect(seen[0]!.url).toBe(target.endpoint);
    const headers = seen[0]!.init!.headers as Record<string, string>;
    expect(headers['Content-Encoding']).toBe('aes128gcm');
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    expect(headers.Urgency).toBe('high');
  });

  it('reports 404 and 410 as gone, and refuses other failures with DeliveryError', async () => {
    expect(await answering(404).send(target, message)).toBe('gone');
    expect(await answering(410).send(target, message)).toBe('gone');
    await expect(answering(500).send(target, message)).rejects.toBeInstanceOf(DeliveryError);
    const unreachable = webPushSender(keys, () => Promise.reject(new Error('ECONNREFUSED')));
    await expect(unreachable.send(target, message)).rejects.toBeInstanceOf(DeliveryError);
  });
});

describe('order status pushes', () => {
  it('are sent for accepted, on the way, delivered and rejected only', () => {
    expect(pushFor({ from: 'pending', to: 'paid' })).toBe('accepted');
    expect(pushFor({ from: 'packed', to: 'in_transit' })).toBe('dispatched');
    expect(pushFor({ from: 'in_transit', to: 'delivered' })).toBe('delivered');
    expect(pushFor({ from: 'pending', to: 'rejected' })).toBe('rejected');
    expect(pushFor({ from: 'paid', to: 'paid' })).toBeNull();
    expect(pushFor({ from: 'paid', to: 'packed' })).toBeNull();
    expect(pushFor({ from: 'pending', to: 'cancelled' })).toBeNull();
  });

  it('name the order number and status in the language, and open the order page', () => {
    const order = { id: 'o 1', orderNumber: 'A-1001', deliveryMethod: 'parcel' as const };
    expect(composeOrderPush('dispatched', 'de', order)).toEqual({
      title: 'Ihre Bestellung wurde versandt',
      body: 'Die Bestellung A-1001 wurde dem Paketdienst übergeben.',
      url: '/de/shop/orders/view/?id=o%201',
      tag: 'order-o 1',
    });
    expect(composeOrderPush('delivered', 'en', { ...order, deliveryMethod: 'pickup' }).title).toBe('Your order has been collected');
    expect(composeOrderPush('dispatched', 'en', { ...order, deliveryMethod: 'courier' }).url).toBe('/shop/orders/view/?id=o%201');
  });
});
