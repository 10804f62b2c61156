import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, DEMO_PHARMACIST_PASSWORD, demoManagerEmail, demoPharmacistEmail } from '../../src/features/accounts';
import type { Catalog } from '../../src/features/catalog';
import { DEMO_COURIER_PASSWORD, demoCourierEmail } from '../../src/features/delivery';
import { CHROMIUM_ARGS } from './chromium';
import { placeDemoOrder } from './demo-order';

export interface JsMeasurement {
  page: string;
  url: string;
  /** Compressed bytes of every script loaded by the page before any interaction. */
  scriptBytesGzip: number;
  scriptFiles: number;
  inlineScriptBytesGzip: number;
  /** Each script file loaded, with its compressed size. */
  scripts: { url: string; bytesGzip: number }[];
}

/** Catalogue pages: budget 20 KB gzip before interaction, no React. */
export const CATALOGUE_JS_BUDGET_KB = 20;
/** Pages with React islands (cart, checkout, account, order, back office): budget 100 KB gzip (issue 30). */
export const ISLAND_JS_BUDGET_KB = 100;

/** Who a page is weighed as: a visitor, the demo customer, the demo pharmacist, the pharmacy's manager, the operator or a courier. */
export type IslandVisitor = 'guest' | 'customer' | 'pharmacist' | 'manager' | 'operator' | 'courier';

/** The pages with islands the bench weighs, each as the one who uses it (the customer unless said). */
export const ISLAND_PAGES: { name: string; path: string; as?: IslandVisitor }[] = [
  { name: 'cart', path: '/shop/cart/' },
  { name: 'checkout', path: '/shop/checkout/' },
  { name: 'account', path: '/shop/account/' },
  { name: 'orders', path: '/shop/orders/' },
  // The bench and the e2e test open the order page of an order the customer has just placed.
  { name: 'order page', path: '/shop/orders/view/' },
  { name: 'addresses', path: '/shop/addresses/' },
  { name: 'settings', path: '/shop/settings/' },
  { name: 'coupons', path: '/shop/coupons/' },
  { name: 'chat', path: '/shop/chat/' },
  { name: 'favorites', path: '/shop/favorites/' },
  { name: 'credit', path: '/shop/credit/' },
  { name: 'refer a friend', path: '/shop/refer-friend/' },
  { name: 'redeem prescription', path: '/shop/prescriptions/redeem/' },
  { name: 'redeem prescription (de)', path: '/de/shop/prescriptions/redeem/' },
  { name: 'pharmacies', path: '/shop/pharmacies/' },
  { name: 'search', path: '/shop/search/?q=ibuprofen' },
  { name: 'login', path: '/shop/login/', as: 'guest' },
  { name: 'register', path: '/shop/register/', as: 'guest' },
  { name: 'phone login', path: '/shop/phone-login/', as: 'guest' },
  { name: 'forgot password', path: '/shop/forgot-password/', as: 'guest' },
  { name: 'reset password', path: '/shop/reset-password/', as: 'guest' },
  { name: 'verify e-mail', path: '/shop/verify-email/', as: 'guest' },
  { name: 'social sign-in', path: '/shop/login/callback/', as: 'guest' },
  { name: 'staff invite', path: '/pharmacy/invite/', as: 'guest' },
  { name: 'feedback', path: '/shop/feedback/' },
  { name: 'back office', path: '/pharmacy/', as: 'pharmacist' },
  { name: 'back office chat', path: '/pharmacy/chat/', as: 'pharmacist' },
  { name: 'back office stock', path: '/pharmacy/stock/', as: 'manager' },
  { name: 'back office settings', path: '/pharmacy/settings/', as: 'manager' },
  { name: 'back office staff', path: '/pharmacy/staff/', as: 'manager' },
  { name: 'back office dashboard', path: '/pharmacy/dashboard/', as: 'manager' },
  { name: 'back office analytics', path: '/pharmacy/analytics/', as: 'operator' },
  { name: 'back office tools', path: '/pharmacy/tools/', as: 'operator' },
  { name: 'back office config', path: '/pharmacy/config/', as: 'operator' },
  { name: 'staff board', path: '/staff/', as: 'pharmacist' },
  { name: 'courier', path: '/courier/', as: 'courier' },
];

/**
 * The island pages, each with the token of the one who uses it, on a server started from the demo
 * data: the demo customer gets a Berlin delivery address and one product in the cart, so the cart
 * and the checkout show their full screens (an empty cart's checkout sends the customer to the cart).
 */
export async function islandTargets(baseUrl: string, catalog: Catalog): Promise<{ name: string; url: string; token: string | undefined }[]> {
  const login = async (email: string, password: string) => {
    const response = await fetch(`${baseUrl}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
    return ((await response.json()) as { token: string }).token;
  };
  const customer = await login('demo@apobote.de', 'apobote-demo');
  const pharmacyId = 'berlin-alexanderplatz';
  const orderable = new Set(catalog.products.filter((p) => p.kind !== 'prescription').map((p) => p.pzn));
  const stocked = catalog.stock.find((s) => s.pharmacyId === pharmacyId && s.quantity >= 10 && orderable.has(s.pzn))!;
  const asCustomer = (method: string, apiPath: string, body: unknown) =>
    fetch(`${baseUrl}/api/v1/user${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}`, origin: baseUrl },
      body: JSON.stringify(body),
    }).then((response) => {
      if (!response.ok) return response.text().then((text) => Promise.reject(new Error(`${method} ${apiPath}: ${response.status} ${text}`)));
    });
  await asCustomer('POST', '/shipping/', { street_address: 'Karl-Liebknecht-Straße', house_number: '13', postal_code: '10178', locality: 'Berlin' });
  await asCustomer('PUT', '/cart/pharmacy', { pharmacyId });
  await asCustomer('PUT', `/cart/items/${stocked.pzn}`, { quantity: 1 });
  const orderId = await placeDemoOrder(baseUrl, customer);
  // Placing the order emptied the cart: the cart and checkout pages are weighed with a product in it.
  await asCustomer('PUT', `/cart/items/${stocked.pzn}`, { quantity: 1 });
  const tokens: Record<IslandVisitor, string | undefined> = {
    guest: undefined,
    customer,
    pharmacist: await login(demoPharmacistEmail(pharmacyId), DEMO_PHARMACIST_PASSWORD),
    manager: await login(demoManagerEmail(pharmacyId), DEMO_MANAGER_PASSWORD),
    operator: await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password),
    courier: await login(demoCourierEmail('Berlin', 1), DEMO_COURIER_PASSWORD),
  };
  const path = (p: (typeof ISLAND_PAGES)[number]) => (p.name === 'order page' ? `${p.path}?id=${encodeURIComponent(orderId)}` : p.path);
  return ISLAND_PAGES.map((p) => ({ name: p.name, url: `${baseUrl}${path(p)}`, token: tokens[p.as ?? 'customer'] }));
}

/** Loads each page in Chromium (mobile viewport), waits for the network to settle, sums the JS. */
export async function measureJs(pages: { name: string; url: string; token?: string }[]): Promise<JsMeasurement[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results: JsMeasurement[] = [];
  try {
    for (const target of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
      const page = await context.newPage();
      const token = target.token;
      if (token) await page.addInitScript((value) => localStorage.setItem('apobote.token', value), token);
      // Once per file (a module preloaded and imported is one download), gzipped as the e2e budget test does.
      const scripts = new Map<string, Promise<{ url: string; bytesGzip: number }>>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
        scripts.set(
          response.url(),
          response.body().then(
            (body) => ({ url: response.url(), bytesGzip: gzipSync(body).length }),
            () => ({ url: response.url(), bytesGzip: 0 }),
          ),
        );
      });
      // The courier app keeps the network busy (its position updates), so it never goes idle; it is
      // weighed 10 s after its load instead.
      await page.goto(target.url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      await page.waitForTimeout(1500); // idle/visible islands would load by now
      const inline = await page.$$eval('script:not([src])', (nodes) =>
        nodes.filter((n) => !n.getAttribute('type') || n.getAttribute('type') === 'module').map((n) => n.textContent ?? ''),
      );
      const loaded = await Promise.all(scripts.values());
      const sizes = loaded.map((script) => script.bytesGzip);
      const inlineBytes = inline.reduce((sum, code) => sum + (code ? gzipSync(code).length : 0), 0);
      results.push({
        page: target.name,
        url: target.url,
        scriptBytesGzip: sizes.reduce((a, b) => a + b, 0) + inlineBytes,
        scriptFiles: sizes.length,
        inlineScriptBytesGzip: inlineBytes,
        scripts: loaded,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
