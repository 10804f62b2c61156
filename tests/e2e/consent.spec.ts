import { expect, test, type Page, type Request } from '@playwright/test';
import { BERLIN, openCheckout, shopper, useToken } from './checkout-flow';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime } from './support/shop-time';
import { startThirdPartyStandIn, THIRD_PARTY_ORIGIN, type ThirdPartyStandIn } from './support/third-party';

// One stand-in server for the whole file, so its tests share one worker.
test.describe.configure({ mode: 'serial' });
// A first visit: nothing decided yet.
test.use({ storageState: { cookies: [], origins: [] } });

let standIn: ThirdPartyStandIn;
test.beforeAll(async () => {
  standIn = await startThirdPartyStandIn();
});
test.afterAll(async () => {
  await standIn.close();
});

/** Every request the page makes to a third-party origin or the shop's analytics collector. */
function watchTracking(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(THIRD_PARTY_ORIGIN) || new URL(request.url()).pathname === '/api/v1/events') seen.push(request);
  });
  return seen;
}

const layer = (page: Page) => page.getByRole('dialog', { name: /privacy settings/i });

test('before consent: the layer is shown, nothing is tracked, no cookie is set, and axe finds no violations', async ({ page, context }) => {
  const tracking = watchTracking(page);
  await page.goto('/shop/?utm_source=newsletter&utm_campaign=spring&irclickid=click-42');
  await expect(layer(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject all' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Leaving the page is when analytics would send its batch.
  await page.goto('/shop/search/?q=ibuprofen');
  await expect(layer(page)).toBeVisible();
  expect(tracking.map((request) => request.url())).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  const stored = await page.evaluate(() => ({ irclickid: sessionStorage.getItem('apobote.irclickid'), utm: localStorage.getItem('apobote.utm') }));
  expect(stored).toEqual({ irclickid: null, utm: null });
});

test('a first visit shows the layer at first paint, before the scripts of the page have arrived (a slow phone connection)', async ({ page }) => {
  // The page's module scripts never arrive: the layer is there without them, in both languages.
  await page.route('**/_astro/*.js', (route) => route.abort());
  for (const [path, name] of [['/shop/', /privacy settings/i], ['/de/shop/', /datenschutz/i]] as const) {
    await page.goto(path);
    await expect(page.getByRole('dialog', { name })).toBeVisible();
  }
  // Should the scripts never arrive, its buttons still work: the rejection is stored and holds.
  await page.getByRole('button', { name: 'Alle ablehnen' }).click();
  await expect(page.locator('[data-consent-layer]')).toBeHidden();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('apobote.consent'))) ?? 'null')).toMatchObject({ version: 1, analytics: false, marketing: false });
  await page.goto('/de/shop/');
  await expect(page.locator('[data-consent-layer]')).toBeHidden();
});

test('both buttons are equally prominent', async ({ page }) => {
  await page.goto('/shop/');
  const accept = page.getByRole('button', { name: 'Accept all' });
  const reject = page.getByRole('button', { name: 'Reject all' });
  const style = (locator: typeof accept) =>
    locator.evaluate((element) => {
      const css = getComputedStyle(element);
      return { background: css.backgroundColor, color: css.color, font: css.fontSize + css.fontWeight, height: element.getBoundingClientRect().height };
    });
  expect(await style(reject)).toEqual(await style(accept));
});

test('Accept all starts the configured services and stores the choice and the attribution; withdrawal stops them and removes their cookies', async ({ page, context }) => {
  const tracking = watchTracking(page);
  await page.goto('/shop/?utm_source=newsletter&irclickid=click-42');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(layer(page)).toBeHidden();
  await expect.poll(() => standIn.requests.includes('/tag-manager.js') && standIn.requests.includes('/affiliate.js')).toBe(true);
  // Error reporting (analytics) loads after the page is interactive and sends its page-load trace.
  await expect.poll(() => standIn.requests.some((path) => path.startsWith('/api/1/envelope'))).toBe(true);
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name).sort()).toEqual(['_aff_test', '_tm_test']);
  const stored = await page.evaluate(() => ({
    consent: JSON.parse(localStorage.getItem('apobote.consent') ?? 'null') as { analytics: boolean; marketing: boolean; decidedAt: string } | null,
    irclickid: sessionStorage.getItem('apobote.irclickid'),
    utm: JSON.parse(localStorage.getItem('apobote.utm') ?? 'null') as { source?: string } | null,
  }));
  expect(stored.consent).toMatchObject({ analytics: true, marketing: true });
  expect(Date.parse(stored.consent!.decidedAt)).not.toBeNaN();
  expect(stored.irclickid).toBe('click-42');
  expect(stored.utm?.source).toBe('newsletter');

  // The page view goes to the shop's own collector when the page is hidden (a tab switch; a
  // beacon sent while a page unloads is not reported to Playwright).
  const batch = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/events');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  // 204: the collector validated and stored it (a beacon's body is not visible to Playwright).
  expect((await batch).status()).toBe(204);
  await page.goto('/shop/search/?q=ibuprofen');

  // Withdrawal from the footer link: the page reloads without the services and their traces.
  await page.getByRole('link', { name: 'Privacy settings' }).click();
  await expect(layer(page)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Marketing/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /Analytics/ }).uncheck();
  await page.getByRole('checkbox', { name: /Marketing/ }).uncheck();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save selection' }).click()]);
  expect(await context.cookies()).toEqual([]);
  const after = await page.evaluate(() => ({
    tm: localStorage.getItem('tm_test'),
    irclickid: sessionStorage.getItem('apobote.irclickid'),
    utm: localStorage.getItem('apobote.utm'),
    scripts: document.querySelectorAll('script[data-consent-service]').length,
  }));
  expect(after).toEqual({ tm: null, irclickid: null, utm: null, scripts: 0 });
  const countBefore = tracking.length;
  await page.goto('/shop/');
  await page.goto('/shop/search/?q=ibuprofen');
  expect(tracking.slice(countBefore).map((request) => request.url())).toEqual([]);
});

test('the layer works by keyboard, in the page language, and Reject all is final', async ({ page }) => {
  const tracking = watchTracking(page);
  await page.goto('/de/shop/');
  await expect(page.getByRole('dialog', { name: 'Ihre Datenschutz-Einstellungen' })).toBeVisible();
  const reject = page.getByRole('button', { name: 'Alle ablehnen' });
  for (let i = 0; i < 10 && !(await reject.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(reject).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Ihre Datenschutz-Einstellungen' })).toBeHidden();
  const consent = await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.consent') ?? 'null') as unknown);
  expect(consent).toMatchObject({ analytics: false, marketing: false });
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Ihre Datenschutz-Einstellungen' })).toBeHidden();
  expect(tracking).toEqual([]);

  // The footer link opens the settings with focus in the layer; Escape closes them again.
  await page.getByRole('link', { name: 'Datenschutz-Einstellungen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ihre Datenschutz-Einstellungen' })).toBeFocused();
  await expect(page.getByRole('checkbox', { name: /Analyse/ })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Ihre Datenschutz-Einstellungen' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Datenschutz-Einstellungen' })).toBeFocused();
});

test('closed without a choice, the layer comes back after 5 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/shop/');
  await page.getByRole('button', { name: 'Decide later' }).click();
  await expect(layer(page)).toBeHidden();
  await page.clock.runFor(4_000);
  await expect(layer(page)).toBeHidden();
  await page.clock.runFor(1_500);
  await expect(layer(page)).toBeVisible();
});

test('the layer causes no layout shift', async ({ page }) => {
  await page.goto('/shop/');
  await expect(layer(page)).toBeVisible();
  const cls = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(cls).toBe(0);
});

test.describe('attribution reaches the order', () => {
  test.use(atShopTime('day'));

  test('an irclickid landing, with marketing allowed, arrives in the order meta', async ({ page, request }) => {
    const token = await shopper(request, 'en', 'consent-attribution', BERLIN[0]);
    await useToken(page, token);
    await page.goto('/shop/?irclickid=click-77&utm_source=partner');
    await page.getByRole('button', { name: 'Accept all' }).click();
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v2/user/orders');
    await openCheckout(page, 'en');
    // The order as the server stored it (its answer to the create call) carries the click id.
    const draft = (await (await created).json()) as { meta: { irClickId: string | null } };
    expect(draft.meta.irClickId).toBe('click-77');
  });
});
