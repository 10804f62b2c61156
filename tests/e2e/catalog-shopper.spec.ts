import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cartControlMessages } from '../../src/features/cart/i18n/control-messages';
import { cartMessages } from '../../src/features/cart/i18n/messages';
import { catalogMessages } from '../../src/features/catalog/i18n/messages';
import { suggestMessages } from '../../src/features/search/i18n/suggest-messages';
import { searchMessages } from '../../src/features/search/i18n/messages';
import { categories, listedProducts, productPath, products } from './catalog-data';
import { LOCALES, registerViaApi, shopPath, uniqueEmail, type Locale } from './support/accounts';
import { axeViolations, expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN } from './support/ports';

/*
 * The catalogue as a shopper expects it (issue 11): struck prices named (PAngV §11), quick add on
 * product cards, header search suggestions by keyboard, all search results, one search box on the
 * search page. Each on a desktop and a phone, in both languages.
 */

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key]));
const categoryUrl = (slug: string, locale: Locale) => shopPath(locale, `/shop/category/${slug}/`);

const uvp = products.find((p) => p.wasPriceKind === 'uvp')!;
const lowest = products.find((p) => p.wasPriceKind === 'lowest-30-days')!;
/** The first product of a category (name order, as its page lists them) that can be ordered. */
const firstCategory = categories.find((c) => products.some((p) => p.categorySlug === c.slug && p.kind !== 'prescription'))!;
const cardsOf = (slug: string) => listedProducts.filter((p) => p.categorySlug === slug);

const BERLIN_ADDRESS = { street_address: 'Karl-Liebknecht-Straße', house_number: '13', postal_code: '10178', locality: 'Berlin' };

async function shopperWithAddress(request: APIRequestContext, locale: Locale): Promise<string> {
  const token = await registerViaApi(request, uniqueEmail(`catalog-${locale}`), locale);
  const response = await request.post('/api/v1/user/shipping/', { headers: { Authorization: `Bearer ${token}`, Origin: SHOP_ORIGIN }, data: BERLIN_ADDRESS });
  expect(response.ok(), await response.text()).toBe(true);
  return token;
}

async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e.token-set')) {
      localStorage.setItem('apobote.token', value);
      sessionStorage.setItem('e2e.token-set', '1');
    }
  }, token);
}

const screens = [
  { name: 'desktop', use: {} },
  { name: 'phone', use: { ...devices['Pixel 7'] } },
] as const;

for (const screen of screens) {
  test.describe(screen.name, () => {
    if (screen.name === 'phone') {
      const { defaultBrowserType: _ignored, ...phone } = devices['Pixel 7'];
      test.use(phone);
    }

    for (const locale of LOCALES) {
      const c = catalogMessages[locale];

      test(`${locale}: a struck price says whether it is the UVP or the lowest price of the last 30 days`, async ({ page }) => {
        await page.goto(productPath(uvp, locale));
        const uvpPrice = page.locator('main [data-was-price]').first();
        await expect(uvpPrice).toHaveAttribute('data-was-price', 'uvp');
        await expect(uvpPrice).toContainText(c.wasPriceUvp);
        await expect(uvpPrice.locator('s')).toBeVisible();

        await page.goto(productPath(lowest, locale));
        const lowPrice = page.locator('main [data-was-price]').first();
        await expect(lowPrice).toContainText(c.wasPriceLowest30);
        await expect(lowPrice).not.toContainText(c.wasPriceUvp);

        // The card in the category listing names it as well.
        await page.goto(categoryUrl(uvp.categorySlug, locale));
        const card = page.locator('article').filter({ has: page.locator(`[data-availability][data-pzn="${uvp.pzn}"]`) });
        await expect(card.locator('[data-was-price]')).toContainText(c.wasPriceUvp);
        await expectNoAxeViolations(page);
      });

      test(`${locale}: quick add puts products from the category page into the cart; browse-only visitors log in first`, async ({ page, request }) => {
        test.setTimeout(60_000);
        const [first, second] = cardsOf(firstCategory.slug).filter((p) => p.kind !== 'prescription' && !p.collectInPersonOnly);
        const control = (pzn: string) => page.locator(`[data-cart-control][data-pzn="${pzn}"]`);
        const badge = page.locator('header [data-cart-open] [data-cart-count]').first();

        // Browse-only: the same detour as the product page's button, from this category page.
        await page.goto(categoryUrl(firstCategory.slug, locale));
        await expect(control(first!.pzn)).toHaveAttribute('data-cart-mounted', '');
        // Prescription medicines are shown, never sold: no quick add on their cards.
        const rx = cardsOf(firstCategory.slug).find((p) => p.kind === 'prescription');
        if (rx) await expect(control(rx.pzn)).toHaveCount(0);
        const name = `${first!.name}, ${first!.package.label[locale]}`;
        await page.getByRole('button', { name: fill(cartMessages[locale].addNamedToCart, { name }), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/login')}/?\\?redirect=`));

        // Logged in with an address and back on the category page, the waiting product is added.
        await useToken(page, await shopperWithAddress(request, locale));
        await page.goto(categoryUrl(firstCategory.slug, locale));
        await expect(control(first!.pzn).locator('.cart-stepper__count')).toContainText('1');
        await expect(badge).toHaveText('1');

        // A customer's "+" adds at once and becomes the stepper, keeping the focus on its "+".
        await control(second!.pzn).locator('[data-cart-add]').click();
        await expect(control(second!.pzn).locator('.cart-stepper__count')).toContainText('1');
        await expect(badge).toHaveText('2');
        await expect(page.getByRole('group', { name: fill(cartControlMessages[locale].quantityGroup, { name: second!.name }) }).first()).toBeVisible();
        await expectNoAxeViolations(page);
      });

      // One phone run of the combobox (English) is enough; both languages run on desktop.
      if (screen.name !== 'phone' || locale === 'en') {
        test(`${locale}: the header box suggests products and categories, operable by keyboard`, async ({ page }) => {
          const s = suggestMessages[locale];
          await page.goto(shopPath(locale, '/shop/'));
          const box = page.locator('#site-search');
          await box.click();
          await box.pressSequentially('ibuprof', { delay: 20 });
          const list = page.getByRole('listbox', { name: s.listLabel });
          await expect(list).toBeVisible();
          await expect(box).toHaveAttribute('role', 'combobox');
          await expect(box).toHaveAttribute('aria-expanded', 'true');
          await expect(list.getByRole('group', { name: s.products }).getByRole('option').first()).toContainText(/ibuprofen/i);
          await expect(list.getByRole('group', { name: s.categories }).getByRole('option')).not.toHaveCount(0);
          await expectNoAxeViolations(page);

          // Arrow down twice, up once: the first option is active; Enter opens it.
          await box.press('ArrowDown');
          await box.press('ArrowDown');
          await box.press('ArrowUp');
          const first = list.getByRole('option').first();
          await expect(first).toHaveAttribute('aria-selected', 'true');
          await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
          await expect(box).toBeFocused();
          // Escape closes; arrow down opens again.
          await box.press('Escape');
          await expect(list).toBeHidden();
          await expect(box).toHaveAttribute('aria-expanded', 'false');
          await box.press('ArrowDown');
          await expect(list).toBeVisible();
          await box.press('ArrowDown');
          await box.press('Enter');
          // A pack size opens on its group's page with that size chosen (…/<group>/<pzn>/).
          await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/product/')}[^/]+/(\\d{8}/)?$`));
          await expect(page.getByRole('heading', { level: 1 })).toContainText(/ibuprofen/i);
        });
      }

      test(`${locale}: filters and sorting change the URL, survive reload and back; filtered URLs are noindex`, async ({ page }) => {
        const slug = 'vitamins';
        const listed = cardsOf(slug);
        const brand = listed[0]!.brand;
        const url = categoryUrl(slug, locale);
        await page.goto(url);
        const cards = page.locator('#category-products > li:not([hidden]) [data-listing-card]');
        await expect(cards).toHaveCount(listed.length);
        await page.getByText(c.filtersLabel, { exact: true }).click();
        await page.getByRole('group', { name: c.filterBrand }).getByLabel(brand, { exact: true }).check();
        await expect(page).toHaveURL(`${url}?brand=${encodeURIComponent(brand).replace(/%20/g, '+')}`);
        await expect(cards).toHaveCount(listed.filter((p) => p.brand === brand).length);
        for (const b of await cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.brand))) expect(b).toBe(brand);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${url}$`));
        await expect(page.getByRole('status').filter({ hasText: fill(c.filterStatusSome, { shown: listed.filter((p) => p.brand === brand).length, count: listed.length }) })).toBeVisible();

        await page.getByLabel(c.sortLabel).selectOption('price-desc');
        await expect(page).toHaveURL(/&sort=price-desc$/);
        const prices = async () => (await cards.evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.price))));
        const desc = await prices();
        expect(desc).toEqual([...desc].sort((a, b) => b - a));
        await expectNoAxeViolations(page);

        // A shared link shows the same list.
        await page.reload();
        // The select shows the URL's sort once the filter script has applied it to the list.
        await expect(page.getByLabel(c.sortLabel)).toHaveValue('price-desc');
        await expect.poll(prices).toEqual(desc);

        // Back: the sort goes, the brand stays; back again: everything, indexable.
        await page.goBack();
        await expect(page).toHaveURL(/\?brand=[^&]+$/);
        await expect(page.getByLabel(c.sortLabel)).toHaveValue('relevance');
        await expect(cards).toHaveCount(listed.filter((p) => p.brand === brand).length);
        await page.goBack();
        await expect(page).toHaveURL(url);
        await expect(cards).toHaveCount(listed.length);
        await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

        // Price range and sort by name through the URL alone.
        await page.goto(`${url}?max=5&sort=name-asc`);
        await expect(page.getByLabel(c.sortLabel)).toHaveValue('name-asc');
        await expect(cards).toHaveCount(listed.filter((p) => p.priceCents <= 500).length);
        const names = await cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.name ?? ''));
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
      });

      test(`${locale}: the search page has one search box, sound headings, and shows all results on request`, async ({ page }) => {
        const t = searchMessages[locale];
        const searchPath = shopPath(locale, '/shop/search/');
        await page.goto(`${searchPath}?q=tabletten`);
        await expect(page.getByRole('search')).toHaveCount(1);
        await expect(page.locator('#site-search')).toHaveCount(0);
        expect(await axeViolations(page, { rules: ['landmark-unique', 'heading-order', 'landmark-no-duplicate-banner', 'page-has-heading-one'] })).toEqual([]);
        await expectNoAxeViolations(page);

        const results = page.locator('.search-results a.search-hit__link');
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        await expect(results).toHaveCount(20);
        const more = page.getByRole('link', { name: t.showMore });
        await more.click();
        await expect(results).toHaveCount(40);
        await expect(results.nth(20)).toBeFocused();
        await expect(page).toHaveURL(new RegExp(`\\?q=tabletten&n=40$`));
        // The URL alone (a reload, or without JavaScript) shows as many.
        await page.reload();
        await expect(results).toHaveCount(40);
      });
    }
  });
}

test('without JavaScript, "show more" on the search page is a link to more results', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop/search/?q=tabletten');
  const results = page.locator('.search-results a.search-hit__link');
  await expect(results).toHaveCount(20);
  await page.getByRole('link', { name: searchMessages.en.showMore }).click();
  await expect(page).toHaveURL(/\?q=tabletten&n=40$/);
  await expect(results).toHaveCount(40);
  await context.close();
});

test('without JavaScript the category page lists every product and no filter form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop/category/vitamins/?brand=Nothing&sort=price-asc');
  await expect(page.locator('#category-products [data-listing-card]')).toHaveCount(cardsOf('vitamins').length);
  await expect(page.locator('form[data-listing-filters]')).toBeHidden();
  await context.close();
});
