import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cartControlMessages } from '../../src/features/cart/i18n/control-messages';
import { cartMessages } from '../../src/features/cart/i18n/messages';
import { cartPanelMessages } from '../../src/features/cart/i18n/panel-messages';
import { errorMessages } from '../../src/platform/http/error-codes';
import { categories, productPath, products } from './catalog-data';
import { LOCALES, logInWithEmail, PASSWORD, registerViaApi, shopPath, toast, uniqueEmail, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { afterIdleWork, isIslandFramework, recordScripts, scriptBytesGzip } from './support/page-weight';
import { SHOP_ORIGIN } from './support/ports';

/*
 * The customer's cart (spec §3, §4, §6, §8, §9): add from a product page (login and delivery
 * address first when missing), the header badge from the local mirror, the drawer and the cart
 * page, quantity changes, stock re-checks that remove sold-out lines with the server's message.
 */

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key]));
const control = (locale: Locale) => cartControlMessages[locale];
const panel = (locale: Locale) => cartPanelMessages[locale];

// Stock per pharmacy and PZN, straight from the catalogue the e2e server imported.
const stock = new Map<string, number>();
for (const row of readFileSync('catalog/stock.csv', 'utf8').trim().split('\n').slice(1)) {
  const [pharmacyId, pzn, quantity] = row.split(',');
  stock.set(`${pharmacyId}/${pzn}`, Number(quantity));
}
const held = (pharmacyId: string, pzn: string) => stock.get(`${pharmacyId}/${pzn}`) ?? 0;
const BERLIN = ['berlin-alexanderplatz', 'berlin-hauptbahnhof', 'berlin-kreuzberg', 'berlin-prenzlauer-berg', 'berlin-charlottenburg'];
const STOCKED = 'berlin-alexanderplatz';

/**
 * A product anyone may buy that every Berlin pharmacy holds plenty of (whichever the address step
 * picks), and that one other pharmacy has sold out: the sold-out test switches the cart there.
 */
const candidates = products.filter((p) => p.kind !== 'prescription' && !p.collectInPersonOnly && BERLIN.every((id) => held(id, p.pzn) >= 12));
const soldOutAt = (pzn: string) => [...new Set([...stock.keys()].map((key) => key.split('/')[0]!))].find((id) => !BERLIN.includes(id) && held(id, pzn) === 0);
const product = candidates.find((p) => soldOutAt(p.pzn))!;
const SOLD_OUT_PHARMACY = soldOutAt(product.pzn)!;
const other = candidates.find((p) => p.pzn !== product.pzn)!;

const BERLIN_ADDRESS = { street_address: 'Karl-Liebknecht-Straße', house_number: '13', postal_code: '10178', locality: 'Berlin' };

async function api(request: APIRequestContext, token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, data?: unknown) {
  // Same-origin like the shop's own pages (Astro refuses body-less cross-site writes such as DELETE).
  const headers = { Authorization: `Bearer ${token}`, Origin: SHOP_ORIGIN };
  const send = () => request.fetch(`/api/v1/user${path}`, { method, headers, ...(data ? { data } : {}) });
  // A kept-alive socket the server closed just then resets; idempotent calls may simply go again.
  const response = await send().catch((error: unknown) => {
    if (method === 'POST' || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return send();
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ pharmacyId: string | null; lines: { pzn: string; quantity: number }[] }>;
}

/** A customer with a delivery address and an empty cart checked against `pharmacyId`. */
async function shopper(request: APIRequestContext, locale: Locale, tag: string): Promise<string> {
  const token = await registerViaApi(request, uniqueEmail(`cart-${tag}-${locale}`), locale);
  await api(request, token, 'POST', '/shipping/', BERLIN_ADDRESS);
  return token;
}

async function resetCart(request: APIRequestContext, token: string, pharmacyId = STOCKED) {
  await api(request, token, 'DELETE', '/cart');
  await api(request, token, 'PUT', '/cart/pharmacy', { pharmacyId });
}

const serverQuantity = async (request: APIRequestContext, token: string, pzn: string) =>
  (await api(request, token, 'GET', '/cart')).lines.find((line) => line.pzn === pzn)?.quantity ?? 0;

async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    // Only before the test's own first page: a later logout must stay logged out.
    if (!sessionStorage.getItem('e2e.token-set')) {
      localStorage.setItem('apobote.token', value);
      sessionStorage.setItem('e2e.token-set', '1');
    }
  }, token);
}

const badge = (page: Page) => page.locator('header [data-cart-open] [data-cart-count]');
const drawer = (page: Page, locale: Locale) => page.getByRole('dialog', { name: panel(locale).title });
const cartLink = (page: Page) => page.locator('header a[data-cart-open]');

/** The load-time script has taken the product page's control over. */
async function controlReady(page: Page) {
  await expect(page.locator('[data-cart-control][data-cart-mounted]')).toHaveCount(1);
}

for (const locale of LOCALES) {
  const t = control(locale);
  const p = panel(locale);

  test(`${locale}: a browse-only visitor adds to cart, logs in, enters a Berlin address and finds the product in the cart`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(`cart-new-${locale}`);
    await registerViaApi(request, email, locale);
    const url = productPath(product, locale);
    await page.goto(url);
    await controlReady(page);
    await page.getByRole('button', { name: cartMessages[locale].addToCart }).click();

    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/login')}/?\\?redirect=`));
    await logInWithEmail(page, locale, email, PASSWORD);

    // No address yet (spec §6): the address form opens at once, and leads back to the product.
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/addresses/')}\\?new=shipping&redirect=`));
    const labels =
      locale === 'de'
        ? { street: 'Straße', number: 'Hausnummer', postal: 'Postleitzahl', city: 'Ort', save: 'Adresse speichern' }
        : { street: 'Street', number: 'House number', postal: 'Postal code', city: 'City', save: 'Save address' };
    await page.getByLabel(labels.street, { exact: true }).fill(BERLIN_ADDRESS.street_address);
    await page.getByLabel(labels.number, { exact: true }).fill(BERLIN_ADDRESS.house_number);
    await page.getByLabel(labels.postal, { exact: true }).fill(BERLIN_ADDRESS.postal_code);
    await page.getByLabel(labels.city, { exact: true }).fill(BERLIN_ADDRESS.locality);
    await page.getByRole('button', { name: labels.save }).click();

    // Back on the product page, the pending add completes without another click.
    await expect(page).toHaveURL(url);
    await expect(toast(page, t.added)).toBeVisible();
    await expect(badge(page)).toHaveText('1');
    await expect(page.getByRole('group', { name: fill(t.quantityGroup, { name: product.name }) })).toContainText('1');

    await cartLink(page).click();
    const dialog = drawer(page, locale);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: product.name })).toBeVisible();

    // Done once: a reload does not add it again.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(badge(page)).toHaveText('1');
  });

  test(`${locale}: a customer whose session ended elsewhere sees the pharmacy chosen on this device on the cart page`, async ({ page }) => {
    const chosen = { id: STOCKED, name: 'Apotheke am Alexanderplatz' };
    await page.addInitScript((value) => localStorage.setItem('apobote.pharmacy', value), JSON.stringify(chosen));
    // A token the server no longer knows (logged out on another device): the page asks to log in.
    await useToken(page, 'a-session-that-has-ended');
    await page.goto(shopPath(locale, '/shop/cart/'));
    const cartPharmacy = page.locator('.cart-pharmacy');
    await expect(page.locator('.cart-message').getByText(p.loginRequired)).toBeVisible();
    // The header chip and the cart name the same pharmacy; "none chosen yet" would contradict it.
    await expect(cartPharmacy).toContainText(`${p.pharmacyHeading} ${chosen.name}.`);
    await expect(cartPharmacy.getByText(p.pharmacyUnknown)).toHaveCount(0);
  });

  test.describe(`${locale}: a customer with an address`, () => {
    test.describe.configure({ mode: 'serial' });
    let token = '';
    test.beforeAll(async ({ request }) => {
      token = await shopper(request, locale, 'shared');
    });

    test(`${locale}: switching to a pharmacy that sold the product out removes it, with the message`, async ({ page, request }) => {
      await resetCart(request, token);
      await api(request, token, 'PUT', `/cart/items/${product.pzn}`, { quantity: 2 });
      await useToken(page, token);
      await page.goto(shopPath(locale, '/shop/'));
      // The mirror is filled from the server once the page is idle.
      await expect(badge(page)).toHaveText('2');

      await api(request, token, 'PUT', '/cart/pharmacy', { pharmacyId: SOLD_OUT_PHARMACY });
      await cartLink(page).click();
      const dialog = drawer(page, locale);
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(errorMessages[locale].SOLD_OUT);
      await expect(alert).toContainText(fill(p.noticeRemoved, { name: product.name }));
      await expect(dialog.getByRole('link', { name: product.name })).toHaveCount(0);
      await expect(dialog.getByText(p.empty)).toBeVisible();
      await expect(badge(page)).toBeHidden();
      expect(await serverQuantity(request, token, product.pzn)).toBe(0);
    });

    test(`${locale}: choosing that pharmacy on the device switches the cart and tells what was removed`, async ({ page, request }) => {
      await resetCart(request, token);
      await api(request, token, 'PUT', `/cart/items/${product.pzn}`, { quantity: 1 });
      await useToken(page, token);
      await page.goto(productPath(other, locale));
      await expect(badge(page)).toHaveText('1');

      // The shared location store (another tab, or the pharmacy screen) now names the other pharmacy.
      await page.evaluate((id) => {
        localStorage.setItem('apobote.pharmacy', JSON.stringify({ id, name: 'Test' }));
      }, SOLD_OUT_PHARMACY);
      await page.reload();
      await expect(toast(page, errorMessages[locale].SOLD_OUT)).toBeVisible();
      await expect(badge(page)).toBeHidden();
      await expect.poll(async () => (await api(request, token, 'GET', '/cart')).pharmacyId).toBe(SOLD_OUT_PHARMACY);

      await cartLink(page).click();
      await expect(drawer(page, locale).getByRole('alert')).toContainText(fill(p.noticeRemoved, { name: product.name }));
      // Seen: closing the drawer clears the notice.
      await page.keyboard.press('Escape');
      await cartLink(page).click();
      await expect(drawer(page, locale).getByText(p.empty)).toBeVisible();
      await expect(drawer(page, locale).locator('.cart-alert')).toBeEmpty();
    });

    test(`${locale}: the cart works by keyboard alone`, async ({ page, request }) => {
      await resetCart(request, token);
      await useToken(page, token);
      await page.goto(productPath(product, locale));
      await controlReady(page);
      const add = page.getByRole('button', { name: cartMessages[locale].addToCart });
      await tabUntil(page, add, 'Tab');
      await page.keyboard.press('Enter');
      await expect(toast(page, t.added)).toBeVisible();
      await expect(page.getByRole('button', { name: fill(t.increase, { name: product.name }) })).toBeFocused();
      await expect(badge(page)).toHaveText('1');

      const opener = cartLink(page);
      await tabUntil(page, opener, 'Shift+Tab');
      await page.keyboard.press('Enter');
      const dialog = drawer(page, locale);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: p.close })).toBeFocused();

      const plus = dialog.getByRole('button', { name: fill(t.increase, { name: product.name }) });
      await tabUntil(page, plus, 'Tab');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await expect(dialog.locator('.cart-qty__count')).toHaveText('3');
      await expect.poll(() => serverQuantity(request, token, product.pzn)).toBe(3);

      const minus = dialog.getByRole('button', { name: fill(t.decrease, { name: product.name }) });
      await tabUntil(page, minus, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(dialog.locator('.cart-qty__count')).toHaveText('2');
      await expect(badge(page)).toHaveText('2');

      const remove = dialog.getByRole('button', { name: `${p.remove} ${product.name}` });
      await tabUntil(page, remove, 'Tab');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText(p.empty)).toBeVisible();
      await expect.poll(() => serverQuantity(request, token, product.pzn)).toBe(0);
      // Focus stayed in the drawer, so Escape and Tab keep working from there.
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      await expect(badge(page)).toBeHidden();
      // The product page's stepper followed the drawer back to "Add to cart".
      await expect(add).toBeVisible();
    });

    test(`${locale}: six quick "+" clicks end with the right quantity on the server`, async ({ page, request }) => {
      await resetCart(request, token);
      await api(request, token, 'PUT', `/cart/items/${product.pzn}`, { quantity: 1 });
      await useToken(page, token);
      await page.goto(productPath(product, locale));
      const plus = page.getByRole('button', { name: fill(t.increase, { name: product.name }) });
      await expect(plus).toBeVisible();
      for (let i = 0; i < 6; i++) await plus.click({ delay: 0, noWaitAfter: true });
      const group = page.getByRole('group', { name: fill(t.quantityGroup, { name: product.name }) });
      await expect(group).toContainText('7');
      await expect.poll(() => serverQuantity(request, token, product.pzn)).toBe(7);
      // Nothing still in flight overrides it afterwards.
      await page.waitForLoadState('networkidle');
      expect(await serverQuantity(request, token, product.pzn)).toBe(7);
      await expect(badge(page)).toHaveText('7');
      await page.reload();
      await expect(group).toContainText('7');

      // Up to the per-line maximum: "+" stays focusable but refuses, with the reason.
      for (let i = 0; i < 3; i++) await plus.click({ noWaitAfter: true });
      await expect(group).toContainText('10');
      await expect(plus).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByText(fill(t.maxReached, { max: 10 }))).toBeVisible();
      await plus.click({ force: true });
      await expect(plus).toBeFocused();
      await expect(group).toContainText('10');
      await expect.poll(() => serverQuantity(request, token, product.pzn)).toBe(10);
    });

    test(`${locale}: drawer, cart page and the product stepper pass axe`, async ({ page, request }) => {
      await resetCart(request, token);
      await api(request, token, 'PUT', `/cart/items/${product.pzn}`, { quantity: 2 });
      await api(request, token, 'PUT', `/cart/items/${other.pzn}`, { quantity: 1 });
      await useToken(page, token);
      await page.goto(productPath(product, locale));
      await expect(page.getByRole('group', { name: fill(t.quantityGroup, { name: product.name }) })).toContainText('2');
      await expectNoAxeViolations(page);

      await cartLink(page).click();
      const dialog = drawer(page, locale);
      await expect(dialog.getByRole('link', { name: other.name })).toBeVisible();
      await expect(dialog.getByRole('link', { name: p.checkout })).toHaveAttribute('href', shopPath(locale, '/shop/checkout/'));
      await expect(dialog.getByRole('link', { name: p.changePharmacy })).toHaveAttribute('href', shopPath(locale, '/shop/pharmacies/'));
      await expect(dialog).toContainText(p.total);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await page.goto(shopPath(locale, '/shop/cart/'));
      await expect(page.getByRole('heading', { level: 1, name: p.pageTitle })).toBeVisible();
      await expect(page.locator('main').getByRole('link', { name: product.name })).toBeVisible();
      await expect(page.locator('main')).toContainText(p.subtotal);
      await expectNoAxeViolations(page);
    });
  });
}

/** Presses `key` until `target` has focus (fails after a bounded number of presses). */
async function tabUntil(page: Page, target: ReturnType<Page['locator']>, key: 'Tab' | 'Shift+Tab') {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((node) => node === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test.describe('catalogue pages stay light', () => {
  for (const [name, path] of [
    ['product', productPath(product, 'en')],
    ['category', `/de/shop/category/${categories[0]!.slug}/`],
    ['home', '/shop/'],
  ] as const) {
    test(`a ${name} page ships < 20 KB gzip JavaScript before interaction, and no island framework`, async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await afterIdleWork(page);
      const gzip = await scriptBytesGzip(page, scripts);
      expect(gzip, `scripts: ${scripts.map((s) => s.url).join(', ')}`).toBeLessThan(20_000);
      const bodies = await Promise.all(scripts.map((s) => s.body));
      expect(scripts.filter((_, i) => isIslandFramework(bodies[i]!)).map((s) => s.url)).toEqual([]);
    });
  }

  test('a logged-in customer loads the island framework only when opening the cart', async ({ page, request }) => {
    const token = await registerViaApi(request, uniqueEmail('cart-perf'), 'en');
    await useToken(page, token);
    const scripts = recordScripts(page);
    await page.goto(productPath(product, 'en'), { waitUntil: 'networkidle' });
    await afterIdleWork(page);
    const before = scripts.length;
    const bodies = await Promise.all(scripts.map((s) => s.body));
    expect(scripts.filter((_, i) => isIslandFramework(bodies[i]!)).map((s) => s.url)).toEqual([]);

    await cartLink(page).click();
    await expect(drawer(page, 'en')).toBeVisible();
    const after = await Promise.all(scripts.slice(before).map((s) => s.body));
    expect(after.some(isIslandFramework)).toBe(true);
  });
});
