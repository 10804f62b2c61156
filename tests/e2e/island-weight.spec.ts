import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, DEMO_PHARMACIST_PASSWORD, demoManagerEmail, demoPharmacistEmail } from '../../src/features/accounts';
import { DEMO_COURIER_PASSWORD, demoCourierEmail } from '../../src/features/delivery';
import { ISLAND_JS_BUDGET_KB, ISLAND_PAGES, type IslandVisitor } from '../../scripts/bench/measure-js';
import { BERLIN, placedOrder, shopper, useToken } from './checkout-flow';
import { afterIdleWork, recordScripts, scriptBytesGzip } from './support/page-weight';

/*
 * Issue 30's budget for pages with islands, on React: ≤ 100 KB gzip JavaScript before interaction,
 * inline scripts included (docs/benchmarks.md, "Page weight"). Every island page the bench weighs
 * (one list, scripts/bench/measure-js.ts), each as the one who uses it: a customer with a Berlin
 * address and a product in the cart (the cart and the checkout show their full screens), a visitor
 * on the sign-in and account-recovery screens, the pharmacist, the pharmacy's manager, the operator
 * (analytics, tools, configuration), a Berlin courier.
 */
const PHARMACY = BERLIN[0];

async function login(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/user/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function tokenFor(request: APIRequestContext, visitor: IslandVisitor, name: string): Promise<string | null> {
  switch (visitor) {
    case 'guest':
      return null;
    case 'customer':
      return shopper(request, 'en', `weight-${name.replace(/\W/g, '-')}`, PHARMACY);
    case 'pharmacist':
      return login(request, demoPharmacistEmail(PHARMACY), DEMO_PHARMACIST_PASSWORD);
    case 'manager':
      return login(request, demoManagerEmail(PHARMACY), DEMO_MANAGER_PASSWORD);
    case 'operator':
      return login(request, DEMO_OPERATOR.email, DEMO_OPERATOR.password);
    case 'courier':
      return login(request, demoCourierEmail('Berlin', 1), DEMO_COURIER_PASSWORD);
  }
}

for (const { name, path: listed, as = 'customer' } of ISLAND_PAGES) {
  test(`the ${name} page ships ≤ ${ISLAND_JS_BUDGET_KB} KB gzip JavaScript before interaction`, async ({ page, request }) => {
    let path = listed;
    const token = await tokenFor(request, as, name);
    if (token) await useToken(page, token);
    // The order page of an order the customer has just placed, not the list's "not found".
    if (name === 'order page') path = `/shop/orders/view/?id=${encodeURIComponent((await placedOrder(request, token!, 'en')).id)}`;
    const scripts = recordScripts(page);
    // The courier app keeps its position updates going, so its network never goes idle.
    await page.goto(path, { waitUntil: as === 'courier' ? 'load' : 'networkidle' });
    await afterIdleWork(page);
    // Still on the page asked for: a guard sending the visitor to the login page would weigh that instead.
    expect(new URL(page.url()).pathname).toBe(new URL(path, 'http://x').pathname);
    const gzip = await scriptBytesGzip(page, scripts);
    const weighed = `${(gzip / 1024).toFixed(1)} KB: ${scripts.map((s) => s.url).join(', ')}`;
    expect(gzip, weighed).toBeLessThanOrEqual(ISLAND_JS_BUDGET_KB * 1024);
  });
}
