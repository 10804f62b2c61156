import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { availabilityMessages } from '../../src/features/pharmacies/i18n/availability';
import { categories, productPath, products } from './catalog-data';
import { expectNoAxeViolations } from './support/axe';
import { INVISIBLE_SHIFT, recordedShifts, recordLayoutShifts, totalShift } from './support/layout-shifts';
import { isIslandFramework } from './support/page-weight';

/*
 * Live availability (spec §3, issue 4): the prebuilt catalogue pages are the same for everyone; the
 * availability script fills in the stock at the selected pharmacy with one batched call per page.
 */
const ALEX = { id: 'berlin-alexanderplatz', name: 'Apotheke am Alexanderplatz' };
const HBF = { id: 'berlin-hauptbahnhof', name: 'Apotheke im Hauptbahnhof' };
const LOCALES = ['en', 'de'] as const;
type Locale = (typeof LOCALES)[number];

/** Packs per pharmacy and PZN from the demo catalogue's stock file; no row means none. */
const stock = new Map(
  readFileSync('catalog/stock.csv', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [pharmacyId, pzn, quantity] = line.split(',');
      return [`${pharmacyId}:${pzn}`, Number(quantity)] as const;
    }),
);
const packs = (pharmacyId: string, pzn: string) => stock.get(`${pharmacyId}:${pzn}`) ?? 0;

const category = categories[0]!;
const categoryUrl = (locale: Locale) => `${locale === 'de' ? '/de' : ''}/shop/category/${category.slug}/`;
const text = (locale: Locale, key: 'inStock' | 'soldOut' | 'low', pharmacy: { name: string }) =>
  availabilityMessages[locale][key].replace('{pharmacy}', pharmacy.name);

async function selectPharmacyBeforeLoad(page: Page, pharmacy: { id: string; name: string }) {
  await page.addInitScript((value) => {
    // Only the first document of the test: a later change (another tab) must not be overwritten.
    if (!sessionStorage.getItem('e2e.pharmacy-set')) {
      localStorage.setItem('apobote.pharmacy', value);
      sessionStorage.setItem('e2e.pharmacy-set', '1');
    }
  }, JSON.stringify(pharmacy));
}

function availabilityRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (/\/api\/shop\/v1\/pharmacies\/[^/]+\/availability/.test(request.url())) seen.push(request);
  });
  return seen;
}

/** Resolves once the browser has been idle after load, i.e. after the idle-time scripts ran. */
async function idle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 3000 })));
}

const linePzns = (page: Page) => page.locator('[data-availability][data-pzn]').evaluateAll((lines) => lines.map((line) => (line as HTMLElement).dataset.pzn!));
const line = (page: Page, pzn: string) => page.locator(`[data-availability][data-pzn="${pzn}"]`).first();

for (const locale of LOCALES) {
  test(`${locale}: a category page shows the stock at the selected pharmacy from one batched request`, async ({ page }) => {
    await selectPharmacyBeforeLoad(page, ALEX);
    const requests = availabilityRequests(page);
    await page.goto(categoryUrl(locale));

    const pzns = await linePzns(page);
    expect(pzns.length).toBeGreaterThan(1);
    const soldOut = pzns.find((pzn) => packs(ALEX.id, pzn) === 0);
    const inStock = pzns.find((pzn) => packs(ALEX.id, pzn) > 3);
    expect(soldOut && inStock, 'the category lists a sold-out and an in-stock product at the pharmacy').toBeTruthy();

    await expect(line(page, soldOut!)).toHaveText(text(locale, 'soldOut', ALEX));
    await expect(line(page, soldOut!)).toHaveClass(/availability--sold-out/);
    await expect(line(page, inStock!)).toHaveText(text(locale, 'inStock', ALEX));
    await expect(line(page, inStock!)).toHaveClass(/availability--in-stock/);
    const low = pzns.find((pzn) => packs(ALEX.id, pzn) > 0 && packs(ALEX.id, pzn) <= 3);
    if (low) await expect(line(page, low)).toHaveText(text(locale, 'low', ALEX));

    await idle(page);
    expect(requests).toHaveLength(1);
    const asked = new URL(requests[0]!.url());
    expect(asked.pathname).toBe(`/api/shop/v1/pharmacies/${ALEX.id}/availability`);
    expect(asked.searchParams.getAll('pzn').sort()).toEqual([...new Set(pzns)].sort());
  });

  test(`${locale}: without a selected pharmacy no availability is asked; the product page invites to choose one`, async ({ page }) => {
    const requests = availabilityRequests(page);
    await page.goto(categoryUrl(locale));
    await idle(page);
    await expect(page.locator('[data-availability]').first()).toBeEmpty();

    const product = products.find((p) => p.categorySlug === category.slug)!;
    await page.goto(productPath(product, locale));
    const invite = line(page, product.pzn).getByRole('link', { name: availabilityMessages[locale].choosePharmacy });
    await expect(invite).toHaveAttribute('href', `${locale === 'de' ? '/de' : ''}/shop/pharmacies/`);
    await idle(page);
    expect(requests).toHaveLength(0);
  });

  test(`${locale}: choosing another pharmacy (in another tab) updates the lines`, async ({ page, context }) => {
    await selectPharmacyBeforeLoad(page, ALEX);
    const requests = availabilityRequests(page);
    await page.goto(categoryUrl(locale));
    const pzns = await linePzns(page);
    const first = pzns[0]!;
    await expect(line(page, first)).toContainText(ALEX.name);

    const other = await context.newPage();
    await other.goto(`${locale === 'de' ? '/de' : ''}/shop/`);
    await other.evaluate((value) => localStorage.setItem('apobote.pharmacy', value), JSON.stringify(HBF));

    const changed = pzns.find((pzn) => (packs(ALEX.id, pzn) === 0) !== (packs(HBF.id, pzn) === 0));
    for (const pzn of [first, ...(changed ? [changed] : [])]) {
      const key = packs(HBF.id, pzn) === 0 ? 'soldOut' : packs(HBF.id, pzn) <= 3 ? 'low' : 'inStock';
      await expect(line(page, pzn)).toHaveText(text(locale, key, HBF));
    }
    expect(requests.map((request) => new URL(request.url()).pathname)).toEqual([
      `/api/shop/v1/pharmacies/${ALEX.id}/availability`,
      `/api/shop/v1/pharmacies/${HBF.id}/availability`,
    ]);
  });

  test(`${locale}: the static HTML does not depend on the pharmacy`, async ({ page, playwright, baseURL }) => {
    await selectPharmacyBeforeLoad(page, ALEX);
    await page.goto(categoryUrl(locale));
    await expect(page.locator('.availability--in-stock, .availability--sold-out').first()).toBeVisible();

    // The same URL fetched by the browser context with a pharmacy chosen and by a fresh client.
    const withPharmacy = await (await page.request.get(categoryUrl(locale))).text();
    const fresh = await playwright.request.newContext({ baseURL });
    const without = await (await fresh.get(categoryUrl(locale))).text();
    await fresh.dispose();
    expect(withPharmacy).toBe(without);
    expect(without).not.toContain(ALEX.name);
    expect(without).toMatch(/<p class="availability[^"]*"[^>]*data-availability[^>]*><\/p>/);
  });

  test(`${locale}: a product page with availability shown has no axe violations`, async ({ page }) => {
    await selectPharmacyBeforeLoad(page, ALEX);
    const product = products.find((p) => p.kind !== 'prescription' && packs(ALEX.id, p.pzn) > 3)!;
    await page.goto(productPath(product, locale));
    await expect(line(page, product.pzn)).toHaveText(text(locale, 'inStock', ALEX));
    await expectNoAxeViolations(page);
  });
}

test('filling in availability moves nothing on the page (CLS 0)', async ({ page }) => {
  await selectPharmacyBeforeLoad(page, ALEX);
  await recordLayoutShifts(page);
  await page.goto(categoryUrl('en'));
  await expect(page.locator('.availability--in-stock').first()).toBeVisible();
  await idle(page);
  const shifts = await recordedShifts(page);
  expect(totalShift(shifts), JSON.stringify(shifts)).toBeLessThan(INVISIBLE_SHIFT);
});

test('the category page loads no island framework before the first interaction, even with a pharmacy and a login', async ({ page }) => {
  await selectPharmacyBeforeLoad(page, ALEX);
  await page.addInitScript(() => localStorage.setItem('apobote.token', 'not-a-valid-token'));
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text() });
  });
  await page.goto(categoryUrl('en'));
  await expect(page.locator('.availability--in-stock').first()).toBeVisible();
  await idle(page);

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(isIslandFramework(await script.body), `${script.url} is the islands' framework`).toBe(false);
  }
});
