import { expect, test } from '@playwright/test';
import { BERLIN, shopper, staffToken, useToken } from './checkout-flow';
import { afterIdleWork, recordScripts, scriptBytesGzip } from './support/page-weight';

/*
 * Issue 16's budget for pages with islands: ≤ 85 KB gzip JavaScript before interaction, inline
 * scripts included (README, "Page weight"). The heaviest pages, each as the one who uses it: a
 * customer with a Berlin address and a product in the cart (the cart and the checkout show their full
 * screens), a visitor on the login page, the pharmacist in the back office.
 */
const ISLAND_JS_BUDGET_BYTES = 85 * 1024;
const PHARMACY = BERLIN[0];

const PAGES = [
  { name: 'checkout', path: '/shop/checkout/', as: 'customer' },
  { name: 'settings', path: '/shop/settings/', as: 'customer' },
  { name: 'addresses', path: '/shop/addresses/', as: 'customer' },
  { name: 'cart', path: '/de/shop/cart/', as: 'customer' },
  { name: 'pharmacy selection', path: '/shop/pharmacies/', as: 'customer' },
  { name: 'login', path: '/de/shop/login/', as: 'visitor' },
  { name: 'back office', path: '/pharmacy/', as: 'pharmacist' },
] as const;

for (const { name, path, as } of PAGES) {
  test(`the ${name} page ships ≤ 85 KB gzip JavaScript before interaction`, async ({ page, request }) => {
    if (as === 'customer') await useToken(page, await shopper(request, 'en', `weight-${name.replace(/\W/g, '-')}`, PHARMACY));
    if (as === 'pharmacist') await useToken(page, await staffToken(request, PHARMACY));
    const scripts = recordScripts(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await afterIdleWork(page);
    // Still on the page asked for: a guard sending the visitor to the login page would weigh that instead.
    expect(new URL(page.url()).pathname).toBe(path);
    const gzip = await scriptBytesGzip(page, scripts);
    expect(gzip, `${(gzip / 1024).toFixed(1)} KB: ${scripts.map((s) => s.url).join(', ')}`).toBeLessThanOrEqual(ISLAND_JS_BUDGET_BYTES);
  });
}
