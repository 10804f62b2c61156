import { expect, test } from '@playwright/test';
import { promiseMessages } from '../../src/features/pharmacies/i18n/promise';
import { DELIVERY_MESSAGES } from '../../src/features/pharmacies/model/delivery-outcome';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime } from './support/shop-time';
import { categories, discounted, medicine, nonMedicine, prescription, productPath, products, slugOf } from './catalog-data';

for (const locale of ['en', 'de'] as const) {
  const prefix = locale === 'de' ? '/de' : '';

  test(`${locale}: home -> category -> product`, async ({ page }) => {
    await page.goto(`${prefix}/shop/`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const category = categories[0]!;
    await page.locator('main').getByRole('link', { name: category.name[locale], exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/shop/category/${category.slug}/$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name[locale]);

    const productLink = page.locator(`main a[href*="/shop/product/"]`).first();
    const href = await productLink.getAttribute('href');
    await productLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const product = products.find((p) => href?.includes(slugOf(p)))!;
    expect(product.categorySlug).toBe(category.slug);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.locator('main')).toContainText(product.pzn);
    await expect(page.locator('main')).toContainText('€');
  });

  test(`${locale}: the language switch keeps the page`, async ({ page }) => {
    const other = locale === 'en' ? 'de' : 'en';
    await page.goto(productPath(nonMedicine, locale));
    await page.locator(`a[data-lang-switch][hreflang="${other}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${productPath(nonMedicine, other)}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nonMedicine.name);
  });
}

test('a medicine shows the HWG notice with its indication, and can be added to the cart', async ({ page }) => {
  await page.goto(productPath(medicine, 'de'));
  const main = page.locator('main');
  await expect(main).toContainText('Zu Risiken und Nebenwirkungen lesen Sie die Packungsbeilage und fragen Sie Ihre Ärztin, Ihren Arzt oder in Ihrer Apotheke.');
  await expect(main).toContainText(medicine.indication!.de);
  await expect(page.getByRole('button', { name: 'In den Warenkorb' })).toBeVisible();
});

test('a prescription-only product says so and offers no add-to-cart', async ({ page }) => {
  await page.goto(productPath(prescription));
  await expect(page.locator('main')).toContainText(/prescription required/i);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
});

test('a discounted product shows the struck previous price, and its card a sale badge that names a manufacturer\'s price as such', async ({ page }) => {
  await page.goto(productPath(discounted));
  await expect(page.locator('main s, main del').first()).toBeVisible();
  await page.goto(`/de/shop/category/${discounted.categorySlug}/`);
  const percent = `-${Math.round((1 - discounted.priceCents / discounted.wasPriceCents!) * 100)} %`;
  const card = page.locator('[data-listing-card]', { has: page.getByRole('link', { name: discounted.name, exact: true }) }).first();
  await expect(card.locator('.sale')).toHaveText(discounted.wasPriceKind === 'uvp' ? `${percent} ggü. UVP` : percent);
});

test('product pages carry canonical, hreflang and Product JSON-LD', async ({ page }) => {
  await page.goto(productPath(nonMedicine, 'de'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${productPath(nonMedicine, 'de')}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', new RegExp(`${productPath(nonMedicine, 'en')}$`));
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = jsonLd.map((text) => JSON.parse(text)).flat().find((data) => data['@type'] === 'Product');
  expect(product).toMatchObject({ sku: nonMedicine.pzn, name: nonMedicine.name, offers: { priceCurrency: 'EUR' } });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('catalogue pages are complete', async ({ page }) => {
    await page.goto(productPath(medicine));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(medicine.name);
    await expect(page.locator('main')).toContainText(medicine.pzn);
    await page.goto(`/de/shop/category/${categories[1]!.slug}/`);
    await expect(page.locator('main a[href*="/de/shop/product/"]').first()).toBeVisible();
  });
});

test('sitemap lists both languages and robots.txt points to it', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap-index\.xml/);
  const index = await (await request.get('/sitemap-index.xml')).text();
  const first = /<loc>(.*?)<\/loc>/.exec(index)![1]!;
  const sitemap = await (await request.get(new URL(first).pathname)).text();
  expect(sitemap).toContain(`/shop/product/${slugOf(nonMedicine)}/`);
  expect(sitemap).toContain(`/de/shop/product/${slugOf(nonMedicine)}/`);
});

test.describe('the home page promises delivery for a postal code', () => {
  test.use(atShopTime('day'));

  for (const locale of ['en', 'de'] as const) {
    test(`${locale}: a Berlin code hears "in about 30 minutes" from its pharmacy, which becomes the visitor's; an unknown code is refused`, async ({ page }) => {
      const t = promiseMessages[locale];
      await page.goto(locale === 'de' ? '/de/shop/' : '/shop/');
      const postalCode = page.getByLabel(t.label);
      const answer = page.locator('#promise-result');
      await postalCode.fill('10178');
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(answer).toHaveText(t.inArea.replace('{place}', '10178 Berlin').replace('{pharmacy}', 'Apotheke am Alexanderplatz'));
      // The header chip follows the choice, as on the pharmacy-selection screen.
      await expect(page.locator('[data-location-label]')).toHaveText('Apotheke am Alexanderplatz');
      await expectNoAxeViolations(page);

      await postalCode.fill('99999');
      await postalCode.press('Enter');
      await expect(answer).toHaveText(DELIVERY_MESSAGES.address_not_recognised![locale]);
      await postalCode.fill('123');
      await postalCode.press('Enter');
      await expect(answer).toHaveText(t.invalid);
      await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
    });
  }
});
