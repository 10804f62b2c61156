import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { favoritesMessages } from '../../src/features/favorites/i18n/messages';
import { favoritesPageMessages } from '../../src/features/favorites/i18n/page-messages';
import type { Product } from '../../src/features/catalog';
import { categories, productPath, products } from './catalog-data';
import { LOCALES, logInWithEmail, PASSWORD, registerViaApi, shopPath, toast, uniqueEmail, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/*
 * Favorites (spec §2, §4, §6): a heart on product pages and cards; browse-only visitors log in first
 * and come back to a saved product; /shop/favorites lists and removes them.
 */
const ALEX = { id: 'berlin-alexanderplatz', name: 'Apotheke am Alexanderplatz' };
const msg = (locale: Locale) => ({ ...favoritesMessages[locale], ...favoritesPageMessages[locale] });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const removeLabel = (locale: Locale, product: Product) =>
  msg(locale).removeLabel.replace('{name}', product.name).replace('{pack}', product.package.label[locale]);

const category = categories[0]!;
// Three products of different names (the catalogue sells most products in two pack sizes).
const inCategory = products.filter((p) => p.categorySlug === category.slug);
const [first, second, third] = inCategory.filter((p, i) => inCategory.findIndex((other) => other.name === p.name) === i);

/** The heart of one product; its accessible name says which product it saves, in the page language. */
async function heart(page: Page, locale: Locale, product: Product) {
  const button = page.locator(`button[data-favorite-control][data-pzn="${product.pzn}"]`);
  const label = msg(locale).toggleLabel.replace('{name}', product.name);
  const [before, after] = label.split(product.name).map(escape);
  await expect(button).toHaveAccessibleName(new RegExp(`^${before}${escape(product.name)}.*${after}$`));
  return button;
}

async function favoritePzns(request: APIRequestContext, token: string): Promise<string[]> {
  const response = await request.get('/api/v1/user/favorites', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { pzn: string }[] }).items.map((item) => item.pzn);
}

async function addViaApi(request: APIRequestContext, token: string, pzn: string) {
  const response = await request.post('/api/v1/user/favorites', { headers: { Authorization: `Bearer ${token}` }, data: { pzn } });
  expect(response.ok()).toBe(true);
}

async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('apobote.token', value), token);
}

for (const locale of LOCALES) {
  test(`${locale}: a browse-only visitor taps the heart, logs in and comes back to a saved product`, async ({ page, request }) => {
    const email = uniqueEmail(`fav-${locale}`);
    const token = await registerViaApi(request, email, locale);
    const url = productPath(first!, locale);
    await page.goto(url);
    const toggle = await heart(page, locale, first!);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();

    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/login')}/?\\?redirect=`));
    await logInWithEmail(page, locale, email, PASSWORD);

    await expect(page).toHaveURL(new RegExp(`${escape(url.replace(/\/$/, ''))}/?$`));
    await expect(await heart(page, locale, first!)).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page, msg(locale).saved)).toBeVisible();
    expect(await favoritePzns(request, token)).toEqual([first!.pzn]);

    // Added once: coming back to the page does not add it again.
    await page.reload();
    await expect(await heart(page, locale, first!)).toHaveAttribute('aria-pressed', 'true');
    expect(await favoritePzns(request, token)).toEqual([first!.pzn]);
  });

  test(`${locale}: a logged-in customer toggles favorites on a product page and on a card, and manages them on /shop/favorites`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const token = await registerViaApi(request, uniqueEmail(`fav-list-${locale}`), locale);
    await useToken(page, token);
    await page.addInitScript((value) => localStorage.setItem('apobote.pharmacy', value), JSON.stringify(ALEX));

    await test.step('empty favorites page', async () => {
      await page.goto(shopPath(locale, '/shop/favorites/'));
      await expect(page.getByRole('heading', { name: msg(locale).emptyTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: msg(locale).browseShop })).toHaveAttribute('href', shopPath(locale, '/shop/'));
      await expectNoAxeViolations(page);
    });

    await test.step('product page heart', async () => {
      await page.goto(productPath(second!, locale));
      const toggle = await heart(page, locale, second!);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(toast(page, msg(locale).saved)).toBeVisible();
      await expect.poll(() => favoritePzns(request, token)).toEqual([second!.pzn]);
    });

    await test.step('card heart on the category page', async () => {
      await page.goto(shopPath(locale, `/shop/category/${category.slug}/`));
      // The card of the product saved on its page shows it as saved.
      await expect(await heart(page, locale, second!)).toHaveAttribute('aria-pressed', 'true');
      const card = await heart(page, locale, third!);
      await expect(card).toHaveAttribute('aria-pressed', 'false');
      const box = await card.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await card.click();
      await expect(card).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(async () => (await favoritePzns(request, token)).sort()).toEqual([second!.pzn, third!.pzn].sort());
      // Still on the category page: the card's own link was not followed.
      await expect(page).toHaveURL(new RegExp(`/shop/category/${category.slug}/$`));

      await card.click();
      await expect(card).toHaveAttribute('aria-pressed', 'false');
      await expect(toast(page, msg(locale).removed)).toBeVisible();
      await expect.poll(() => favoritePzns(request, token)).toEqual([second!.pzn]);
      await addViaApi(request, token, first!.pzn);
    });

    await test.step('favorites page lists and removes', async () => {
      await page.goto(shopPath(locale, '/shop/favorites/'));
      const list = page.getByRole('list', { name: msg(locale).listLabel });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      // Newest first, names link to the product pages.
      await expect(list.getByRole('link', { name: first!.name })).toHaveAttribute('href', productPath(first!, locale));
      await expect(list.getByRole('link', { name: second!.name })).toHaveAttribute('href', productPath(second!, locale));
      await expect(list.getByRole('listitem').first()).toContainText(first!.name);
      // Availability at the selected pharmacy, as on the catalogue pages.
      await expect(list.getByRole('listitem').first().locator('.availability')).toHaveText(new RegExp(`${ALEX.name}$`));
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: removeLabel(locale, first!) }).click();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('status').filter({ hasText: msg(locale).removedAnnouncement.replace('{name}', first!.name).replace('{pack}', first!.package.label[locale]) })).toHaveCount(1);
      await expect(page.getByRole('button', { name: removeLabel(locale, second!) })).toBeFocused();

      await page.getByRole('button', { name: removeLabel(locale, second!) }).click();
      const empty = page.getByRole('heading', { name: msg(locale).emptyTitle });
      await expect(empty).toBeFocused();
      expect(await favoritePzns(request, token)).toEqual([]);
    });

    await test.step('the product page follows the removal made on the favorites page', async () => {
      await page.goto(productPath(second!, locale));
      // After the script's idle-time sync: a stale tab cache would mark it saved again.
      await page.waitForLoadState('load');
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 3000 })));
      await expect(await heart(page, locale, second!)).toHaveAttribute('aria-pressed', 'false');
    });
  });
}
