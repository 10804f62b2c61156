import { expect, test, type APIRequestContext } from '@playwright/test';
import { searchMessages } from '../../src/features/search/i18n/messages';
import { LOCALES, shopPath, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/*
 * Issue 11, filters and sorting on the search page, on desktop and phone: a sort and a filter
 * change the URL and apply to all results (the second page of "show more" continues the sorted
 * list), the back button undoes one step at a time.
 */

const QUERY = 'tabletten';

/** The product names the listing API answers for the same state: what the page must show. */
async function expectedNames(request: APIRequestContext, locale: Locale, query: string): Promise<string[]> {
  const response = await request.get(`/api/shop/v1/listing?q=${QUERY}&locale=${locale}&pageSize=40&${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { name: string }[] }).items.map((item) => item.name);
}

for (const locale of LOCALES) {
  test(`${locale}: search results sorted and filtered across pages, state in the URL, back undoes each step`, async ({ page, request }) => {
    const t = searchMessages[locale];
    const url = `${shopPath(locale, '/shop/search/')}?q=${QUERY}`;
    const results = page.locator('.search-results a.search-hit__link');
    await page.goto(url);
    await expect(results).toHaveCount(20);
    // The results are server-rendered: the controls answer once the island has hydrated (a sort
    // chosen before that only changes the form, which submits without JavaScript).
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);

    await page.getByLabel(t.sortLabel).selectOption('price-asc');
    await expect(page).toHaveURL(new RegExp(`\\?q=${QUERY}&sort=price-asc$`));
    const byPrice = await expectedNames(request, locale, 'sort=price-asc');
    await expect(results).toHaveText(byPrice.slice(0, 20));
    // The next page continues the sorted list.
    await page.getByRole('link', { name: t.showMore }).click();
    await expect(results).toHaveText(byPrice.slice(0, 40));
    await expect(page).toHaveURL(new RegExp(`&n=40&sort=price-asc$`));

    await page.getByText(t.filtersLabel, { exact: true }).click();
    const brands = page.getByRole('group', { name: t.filterBrand }).getByRole('checkbox');
    await expect(brands.first()).toBeVisible();
    const brand = (await brands.first().getAttribute('value'))!;
    await brands.first().check();
    await expect(page).toHaveURL(new RegExp(`\\?q=${QUERY}&brand=[^&]+&sort=price-asc$`));
    expect(new URL(page.url()).searchParams.get('brand')).toBe(brand);
    const ofBrand = await expectedNames(request, locale, `sort=price-asc&brand=${encodeURIComponent(brand)}`);
    await expect(results).toHaveText(ofBrand.slice(0, 20));
    await expectNoAxeViolations(page);

    // A shared link shows the same list.
    await page.reload();
    await expect(results).toHaveText(ofBrand.slice(0, 20));

    // Back: the brand goes, the sort stays; back again: the unsorted search.
    await page.goBack();
    await expect(page).toHaveURL(/sort=price-asc$/);
    await expect(page.getByLabel(t.sortLabel)).toHaveValue('price-asc');
    await expect(results.first()).toHaveText(byPrice[0]!);
    await page.goBack();
    await expect(page).toHaveURL(url);
    await expect(page.getByLabel(t.sortLabel)).toHaveValue('relevance');
    await expect(results).toHaveCount(20);
  });
}

test('without JavaScript, a filtered and sorted search URL is answered by the server', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const expected = await expectedNames(request, 'en', 'sort=price-desc&max=5');
  await page.goto(`/shop/search/?q=${QUERY}&max=5&sort=price-desc`);
  await expect(page.locator('.search-results a.search-hit__link')).toHaveText(expected.slice(0, 20));
  await expect(page.locator('select[name="sort"]')).toHaveValue('price-desc');
  await context.close();
});

test('a product of several pack sizes is one result, priced and sorted as the size it opens', async ({ page, request }) => {
  await page.goto(`/shop/search/?q=${QUERY}&sort=price-asc`);
  const links = page.locator('.search-results a.search-hit__link');
  await expect(links).toHaveCount(20);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  // A pack size's link is its group's page with that size chosen: /shop/product/<group>/<pzn>/.
  const sizes = hrefs.filter((href) => /^\/shop\/product\/[^/]+\/\d{8}\/$/.test(href));
  expect(sizes.length).toBeGreaterThan(0);
  const groups = hrefs.map((href) => href.split('/')[3]);
  expect(new Set(groups).size).toBe(groups.length);
  // The API's order by price is the order of the sizes the results open.
  const response = await request.get(`/api/shop/v1/listing?q=${QUERY}&locale=en&pageSize=20&sort=price-asc`);
  const items = ((await response.json()) as { items: { slug: string; priceCents: number }[] }).items;
  expect(hrefs).toEqual(items.map((item) => `/shop/product/${item.slug}/`));
  expect(items.map((item) => item.priceCents)).toEqual(items.map((item) => item.priceCents).sort((a, b) => a - b));
});
