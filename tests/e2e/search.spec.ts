import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

/** Fails the test on any Content-Security-Policy report: the island must run under the strict CSP. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const results = (page: Page) => page.locator('.search-results a.search-hit__link');

for (const locale of ['en', 'de'] as const) {
  const prefix = locale === 'de' ? '/de' : '';
  const searchPath = `${prefix}/shop/search/`;
  const popularHeading = locale === 'de' ? 'Beliebte Suchen' : 'Popular searches';

  test(`${locale}: the empty search page lists the 21 popular searches linking to their landing pages`, async ({ page }) => {
    const csp = watchCsp(page);
    await page.goto(searchPath);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const popular = page.locator('.search-popular');
    await expect(popular.getByRole('heading', { name: popularHeading })).toBeVisible();
    await expect(popular.getByRole('link')).toHaveCount(21);
    await expect(popular.getByRole('link').first()).toHaveAttribute('href', `${prefix}/shop/search/ibuprofen/`);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(csp).toEqual([]);
  });

  test(`${locale}: "ibuprofn" finds ibuprofen products instantly while typing`, async ({ page }) => {
    const csp = watchCsp(page);
    await page.goto(searchPath);
    const field = page.locator('#search-page-q');
    // The island is hydrated once the screen carries its phase from React state.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await field.pressSequentially('ibuprofn', { delay: 30 });
    await expect(results(page).first()).toContainText('Ibuprofen');
    await expect(page).toHaveURL(new RegExp(`${searchPath}\\?q=ibuprofn$`));
    await expect(page.getByRole('status')).toContainText(locale === 'de' ? 'für „ibuprofn“ gefunden' : 'found for “ibuprofn”');
    const names = await results(page).allTextContents();
    expect(names.slice(0, 3).every((name) => /ibuprofen/i.test(name))).toBe(true);
    // Keyboard: arrow down from the field into the list, and on to the next result.
    await field.press('ArrowDown');
    await expect(results(page).first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(results(page).nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(field).toBeFocused();
    await expectNoAxeViolations(page);
    expect(csp).toEqual([]);
  });

  test(`${locale}: "kopfschmerz" finds headache products; the result links to its product page`, async ({ page }) => {
    await page.goto(searchPath);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.locator('#search-page-q').fill('kopfschmerz');
    await expect(results(page).first()).toBeVisible();
    await expect(page.locator('.search-results')).toContainText(/Kopfschmerz|ASS|Ibu/);
    const first = results(page).first();
    const href = await first.getAttribute('href');
    // A pack size links to its group's page with that size chosen (…/<group>/<pzn>/).
    expect(href).toMatch(new RegExp(`^${prefix}/shop/product/[^/]+/(\\d{8}/)?$`));
    await expect(page.locator('.search-hit').first()).toContainText('€');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test(`${locale}: no results shows a friendly message and the popular searches`, async ({ page }) => {
    await page.goto(`${searchPath}?q=zzqxvbn`);
    await expect(page.getByRole('heading', { level: 2, name: /zzqxvbn/ })).toBeVisible();
    await expect(page.locator('.search-popular').getByRole('link')).toHaveCount(21);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(page);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['en', 'de'] as const) {
    const prefix = locale === 'de' ? '/de' : '';

    test(`${locale}: the search form returns server-rendered results`, async ({ page }) => {
      await page.goto(`${prefix}/shop/search/`);
      await page.locator('#search-page-q').fill('ibuprofn');
      await page.locator('#search-page-q').press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/shop/search/\\?q=ibuprofn$`));
      await expect(results(page).first()).toContainText('Ibuprofen');
      await expect(page.getByRole('status')).toContainText('ibuprofn');
    });

    test(`${locale}: the header search reaches the search page with results`, async ({ page }) => {
      await page.goto(`${prefix}/shop/`);
      await page.locator('#site-search').fill('Kopfschmerzen');
      await page.locator('#site-search').press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/shop/search/\\?q=Kopfschmerzen$`));
      await expect(results(page).first()).toBeVisible();
    });
  }
});
