import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { pushMessages } from '../../src/features/push/i18n/messages';
import { orderTarget, placeOrder, registerCustomer, staffAction, staffLogin } from '../support/live-order';
import { useToken } from './checkout-flow';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * Order notifications (issue 10) in a real browser: the shop's explanation comes 25 s after the
 * order page loaded, the browser's permission only after the click, and the subscription saved then
 * gets the order's acceptance. The browser's own push service is out of reach offline, so
 * PushManager.subscribe() answers with a subscription to a stand-in push service in this test.
 */
test('en: the offer comes after 25 s, a click subscribes, and the acceptance is pushed', async ({ page, context }) => {
  test.setTimeout(60_000);
  const received: { headers: Record<string, string | string[] | undefined>; bytes: number }[] = [];
  let arrived: () => void = () => undefined;
  const pushed = new Promise<void>((resolve) => (arrived = resolve));
  const service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, bytes: Buffer.concat(chunks).length });
      response.writeHead(201).end();
      arrived();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  try {
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const subscription = {
      endpoint: `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/e2e`,
      keys: { p256dh: browserKey.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    await page.addInitScript((fake) => {
      let current: unknown = null;
      PushManager.prototype.getSubscription = () => Promise.resolve(current as PushSubscription | null);
      PushManager.prototype.subscribe = () => Promise.resolve((current = { endpoint: fake.endpoint, toJSON: () => fake }) as unknown as PushSubscription);
    }, subscription);
    await context.grantPermissions(['notifications'], { origin: ORIGIN });

    const target = await orderTarget();
    const customer = await registerCustomer(ORIGIN, 'push');
    const order = await placeOrder(ORIGIN, customer.token, target);
    await useToken(page, customer.token);
    await page.clock.install();
    await page.goto(`/shop/orders/view/?id=${encodeURIComponent(order.id)}`);

    const offer = page.getByRole('dialog', { name: pushMessages.en.title });
    await expect(page.locator('[data-push-prompt][data-push-state="scheduled"]')).toHaveCount(1);
    await page.clock.runFor(24_000);
    await expect(offer).toBeHidden();
    await page.clock.runFor(1_500);
    await expect(offer).toBeVisible();

    await offer.getByRole('button', { name: pushMessages.en.enable }).click();
    await expect(offer.getByRole('status')).toHaveText(pushMessages.en.enabled);
    await offer.getByRole('button', { name: pushMessages.en.close }).click();
    await expect(offer).toBeHidden();

    await staffAction(ORIGIN, await staffLogin(ORIGIN, target.pharmacyId), order.id, 'accept');
    await pushed;
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(received[0]!.headers.authorization).toMatch(/^vapid t=/);

    // Asked once: the next visit saves the subscription again and offers nothing.
    await page.reload();
    await page.clock.runFor(30_000);
    await expect(offer).toBeHidden();
  } finally {
    await new Promise<void>((resolve) => service.close(() => resolve()));
  }
});
