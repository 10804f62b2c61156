import { expect, test, type Browser, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadCatalog } from '../../src/features/catalog';
import { courierMessages } from '../../src/features/delivery/i18n/courier-messages';
import { trackingMessages } from '../../src/features/delivery/i18n/tracking-messages';
import { orderTarget, placeOrder, registerCustomer, staffLogin, callApi } from '../support/live-order';
import { fill, texts, useToken } from './checkout-flow';
import type { Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * Issue 12, courier and tracking: the pharmacist accepts, checks and packs on the staff page and hands the
 * order to a courier; the courier starts in the courier app, which shares the (emulated) device
 * position; the customer's order page, never reloaded, shows each stage and the courier moving on
 * the map; "Delivered" ends it.
 */

const viewPath = (locale: Locale, id: string) => `${locale === 'de' ? '/de' : ''}/shop/orders/view/?id=${encodeURIComponent(id)}`;
const prefix = (locale: Locale) => (locale === 'de' ? '/de' : '');
const courierEmail = (city: string, n: 1 | 2) =>
  `courier-${n}.${city.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/[^a-z0-9]+/g, '-')}@courier.apobote.de`;

async function pageWithToken(browser: Browser, token: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await useToken(page, token);
  return page;
}

// One courier account must not be driven by two tests at once (its app resumes sharing for every
// running delivery): the tests of this file run one after the other.
test.describe.configure({ mode: 'serial' });

const current = (page: Page, label: string) => page.getByRole('list', { name: label }).locator('[aria-current="step"]');

for (const [locale, courierNumber] of [
  ['en', 1],
  ['de', 2],
] as const) {
  test(`${locale}: staff hand the order to a courier, the courier rides, the customer watches it live without reloading`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const t = texts(locale);
    const tt = trackingMessages[locale];
    const tc = courierMessages[locale];

    const target = await orderTarget();
    const catalog = await loadCatalog(path.resolve('catalog'));
    const pharmacy = catalog.pharmacies.find((p) => p.id === target.pharmacyId)!;
    const customer = await registerCustomer(ORIGIN, `track-${locale}`);
    const order = await placeOrder(ORIGIN, customer.token, target);

    // The customer opens the order page once; it is never reloaded.
    await useToken(page, customer.token);
    await page.goto(viewPath(locale, order.id));
    await expect(current(page, tt.stagesLabel)).toContainText(t.labels['stage.order_taken']);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // The pharmacist accepts, checks, packs and hands the parcel to a courier on the staff page.
    const staff = await pageWithToken(browser, await staffLogin(ORIGIN, target.pharmacyId));
    await staff.goto(`${prefix(locale)}/staff/`);
    const card = staff.getByRole('article', { name: fill(t.staff.order, { number: order.order_number }) });
    await card.getByRole('button', { name: t.staff.accept }).click();
    await expect(current(page, tt.stagesLabel)).toContainText(t.labels['stage.pharmaceutical_check']);
    await card.getByRole('button', { name: t.staff.check }).click();
    await card.getByRole('button', { name: t.staff.pack }).click();
    await card.getByRole('combobox', { name: t.staff.courier }).selectOption({ label: `Demo-Bote ${pharmacy.address.city} ${courierNumber}` });
    await card.getByRole('button', { name: t.staff.toCourier }).click();
    await expect(current(page, tt.stagesLabel)).toContainText(t.labels['stage.picked_up']);
    // Each stage reached says when.
    await expect(page.getByRole('list', { name: tt.stagesLabel }).getByText(tt.reachedAt.replace(' {time}', ''))).toHaveCount(3);
    await expect(page.getByText(tt.waitingForCourier).first()).toBeVisible();
    await expect(page.getByText(tt.noTiles)).toBeVisible();

    // The courier signs in (a phone with location access) and starts.
    const start = { latitude: pharmacy.location.lat, longitude: pharmacy.location.lng };
    const login = await callApi<{ token: string }>(ORIGIN, null, 'POST', '/v1/user/login', { email: courierEmail(pharmacy.address.city, courierNumber), password: 'apobote-courier' });
    const courier = await pageWithToken(browser, login.token, { geolocation: start, permissions: ['geolocation'], viewport: { width: 390, height: 844 }, locale: locale === 'de' ? 'de-DE' : 'en-GB' });
    await courier.goto(`${prefix(locale)}/courier/`);
    const job = courier.getByRole('article', { name: fill(tc.order, { number: order.order_number }) });
    await job.getByRole('button', { name: tc.start }).click();
    await expect(job.getByText(tc.sharing)).toBeVisible();

    const map = page.locator('.delivery-map');
    const at = (p: { latitude: number; longitude: number }) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`;
    await expect(map).toHaveAttribute('data-courier', at(start), { timeout: 15_000 });
    const street = { latitude: start.latitude + 0.002, longitude: start.longitude - 0.001 };
    await courier.context().setGeolocation(street);
    await expect(map).toHaveAttribute('data-courier', at(street), { timeout: 15_000 });
    // Distance and ETA in words for everyone, and as live text.
    await expect(page.locator('.tracking-map__text')).toContainText(locale === 'de' ? 'Min.' : 'min');
    await expectNoAxeViolations(page);
    await expectNoAxeViolations(courier);

    // Delivered, to the customer.
    await job.getByRole('button', { name: tc.delivered }).click();
    await job.getByRole('radio', { name: tc.receivedCustomer }).check();
    await job.getByRole('button', { name: tc.confirmDelivered }).click();
    await expect(courier.getByText(fill(tc.doneDelivered, { number: order.order_number }))).toBeAttached();
    await expect(current(page, tt.stagesLabel)).toContainText(t.labels['stage.at_your_door']);
    await expect(map).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The footer: "Your order" leads to the items, "Help" to the help entry.
    await page.getByRole('button', { name: tt.yourOrder }).click();
    await expect(page.locator('#order-items')).toBeFocused();
    await expect(page.getByRole('navigation', { name: tt.footerLabel }).getByRole('link', { name: tt.help })).toHaveAttribute('href', `${prefix(locale)}/shop/help/`);
    await staff.context().close();
    await courier.context().close();
  });
}

test('de: a customer on the courier app is told it is for couriers', async ({ page }) => {
  const customer = await registerCustomer(ORIGIN, 'courier-customer');
  await useToken(page, customer.token);
  await page.goto('/de/courier/');
  await expect(page.getByText(courierMessages.de.forbidden)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('en: npm run courier:simulate rides the demo courier to the door; the map follows and the order is delivered', async ({ page }) => {
  test.setTimeout(120_000);
  const t = texts('en');
  const tt = trackingMessages.en;
  const target = await orderTarget();
  const customer = await registerCustomer(ORIGIN, 'track-simulate');
  const order = await placeOrder(ORIGIN, customer.token, target);
  const staff = await staffLogin(ORIGIN, target.pharmacyId);
  for (const step of ['accept', 'check', 'pack']) await callApi(ORIGIN, staff, 'POST', `/v1/pharmacy/orders/${order.id}/${step}`, {});
  const { couriers } = await callApi<{ couriers: { id: string }[] }>(ORIGIN, staff, 'GET', '/v1/pharmacy/couriers');
  await callApi(ORIGIN, staff, 'POST', `/v1/pharmacy/orders/${order.id}/handover`, { courier_id: couriers[0]!.id });

  await useToken(page, customer.token);
  await page.goto(viewPath('en', order.id));
  const map = page.locator('.delivery-map');
  await expect(map).toBeVisible();

  // A 10-second position interval, ridden 20 times faster than a real bike.
  const run = spawn(process.execPath, ['--import', 'tsx', 'scripts/courier-simulate.ts', '--order', order.order_number, '--url', ORIGIN, '--interval', '10', '--speedup', '20', '--deliver'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => run.on('exit', resolve));

  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const value = await map.getAttribute('data-courier').catch(() => null);
        if (value) seen.add(value);
        return seen.size;
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBeGreaterThanOrEqual(3);
  expect(await exited, output).toBe(0);
  expect(output).toContain('Delivered to the customer.');
  await expect(current(page, tt.stagesLabel)).toContainText(t.labels['stage.at_your_door']);
});

test('de: nobody home — the order page says the order is back at the pharmacy, and the customer chooses pickup there', async ({ page }) => {
  test.setTimeout(60_000);
  const tt = trackingMessages.de;
  const target = await orderTarget();
  const catalog = await loadCatalog(path.resolve('catalog'));
  const pharmacy = catalog.pharmacies.find((p) => p.id === target.pharmacyId)!;
  const customer = await registerCustomer(ORIGIN, 'track-missed');
  const order = await placeOrder(ORIGIN, customer.token, target);
  const staff = await staffLogin(ORIGIN, target.pharmacyId);
  for (const step of ['accept', 'check', 'pack']) await callApi(ORIGIN, staff, 'POST', `/v1/pharmacy/orders/${order.id}/${step}`, {});
  const { couriers } = await callApi<{ couriers: { id: string }[] }>(ORIGIN, staff, 'GET', '/v1/pharmacy/couriers');
  await callApi(ORIGIN, staff, 'POST', `/v1/pharmacy/orders/${order.id}/handover`, { courier_id: couriers[1]!.id });

  await useToken(page, customer.token);
  await page.goto(viewPath('de', order.id));
  await expect(page.locator('.delivery-map')).toBeVisible();
  const rider = await callApi<{ token: string }>(ORIGIN, null, 'POST', '/v1/user/login', { email: courierEmail(pharmacy.address.city, 2), password: 'apobote-courier' });
  await callApi(ORIGIN, rider.token, 'POST', `/v1/courier/deliveries/${order.id}/start`, {});
  await callApi(ORIGIN, rider.token, 'POST', `/v1/courier/deliveries/${order.id}/nobody-home`, {});

  await expect(page.getByRole('heading', { name: tt.missedHeading })).toBeVisible();
  await expect(page.getByText(fill(tt.missedBody, { pharmacy: pharmacy.name }))).toBeVisible();
  await expect(page.getByRole('link', { name: fill(tt.callPharmacy, { pharmacy: pharmacy.name }) })).toHaveAttribute('href', /^tel:\+49/);
  await expect(page.locator('.delivery-map')).toHaveCount(0);
  // A new delivery time is offered (the windows of today and tomorrow), or pickup at the pharmacy.
  const choice = page.getByRole('group', { name: tt.choiceLegend });
  await expect(choice.getByRole('radio', { name: tt.choiceCourier })).toBeVisible();
  await expectNoAxeViolations(page);

  await choice.getByRole('radio', { name: fill(tt.choicePickup, { pharmacy: pharmacy.name }) }).check();
  await page.getByRole('button', { name: tt.confirmChoice }).click();
  await expect(page.getByRole('heading', { name: tt.pickupHeading })).toBeFocused();
  await expect(page.locator('.tracking-pickup-code')).toHaveText(order.order_number);
  await expect(page.getByRole('heading', { name: tt.missedHeading })).toHaveCount(0);
  // The pharmacy's board has it waiting at the counter: handed over there, not to a courier.
  const board = await callApi<{ actions: string[] }>(ORIGIN, staff, 'GET', `/v1/pharmacy/orders/${order.id}`);
  expect(board.actions).toContain('deliver');
  expect(board.actions).not.toContain('pickup');
  await expectNoAxeViolations(page);
});

test('en: a rejected order says what happened and what came back', async ({ page }) => {
  test.setTimeout(60_000);
  const tt = trackingMessages.en;
  const target = await orderTarget();
  const customer = await registerCustomer(ORIGIN, 'track-rejected');
  const order = await placeOrder(ORIGIN, customer.token, target);
  await callApi(ORIGIN, await staffLogin(ORIGIN, target.pharmacyId), 'POST', `/v1/pharmacy/orders/${order.id}/reject`, { reason: 'Out of stock today' });
  await useToken(page, customer.token);
  await page.goto(viewPath('en', order.id));
  const tracking = page.getByRole('region', { name: tt.heading });
  await expect(tracking.getByText(tt.outcomeRejected)).toBeVisible();
  await expect(tracking.getByText(fill(tt.outcomeReason, { reason: 'Out of stock today' }))).toBeVisible();
  await expect(tracking.getByRole('heading', { name: tt.refundHeading })).toBeVisible();
  await expect(tracking.getByText(/The reservation of .* on your Visa •••• 4242 was released/)).toBeVisible();
  await expectNoAxeViolations(page);
});
