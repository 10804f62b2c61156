import { expect, test, type APIRequestContext } from '@playwright/test';
import { basePrice, standaloneProductSlug } from '../../src/features/catalog';
import { catalogMessages } from '../../src/features/catalog/i18n/messages';
import { cartMessages } from '../../src/features/cart/i18n/messages';
import { formatPrice } from '../../src/platform/i18n/format';
import { productPath, threeSizes } from './catalog-data';
import { LOCALES, registerViaApi, shopPath, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN } from './support/ports';

/*
 * Issue 11, pack sizes as variants, on desktop and phone: one page per product with a size selector;
 * choosing a size changes PZN, price and base price and the URL, Back brings the earlier size back,
 * and "Add to cart" adds the chosen size's PZN. A size's former page answers 301 to it.
 */

const group = threeSizes;
const opening = group.defaultVariant;
const chosen = group.variants.findLast((variant) => variant.pzn !== opening.pzn)!;
const groupPath = (locale: 'en' | 'de') => shopPath(locale, `/shop/product/${group.slug}/`);
const fill = (template: string, params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');

async function shopperWithAddress(request: APIRequestContext, locale: 'en' | 'de'): Promise<string> {
  const token = await registerViaApi(request, uniqueEmail(`sizes-${locale}`), locale);
  const address = { street_address: 'Karl-Liebknecht-Straße', house_number: '13', postal_code: '10178', locality: 'Berlin' };
  const response = await request.post('/api/v1/user/shipping/', { headers: { Authorization: `Bearer ${token}`, Origin: SHOP_ORIGIN }, data: address });
  expect(response.ok(), await response.text()).toBe(true);
  return token;
}

for (const locale of LOCALES) {
  const t = catalogMessages[locale];

  test(`${locale}: choosing a pack size shows its PZN, price and base price under its own URL, Back restores, and it goes into the cart`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const token = await shopperWithAddress(request, locale);
    await page.addInitScript((value) => localStorage.setItem('apobote.token', value), token);
    const sizes = page.getByRole('navigation', { name: t.packSizes });
    const facts = page.locator('.facts');
    const buyBar = page.locator('.buy-bar');
    const expectSize = async (size: typeof opening) => {
      await expect(sizes.locator('a[aria-current="true"]')).toHaveAttribute('data-size', size.pzn);
      await expect(facts).toContainText(size.pzn);
      await expect(buyBar).toContainText(formatPrice(size.priceCents, locale));
      const base = basePrice(size.priceCents, size.package.amount, size.package.unit)!;
      await expect(buyBar).toContainText(fill(t.basePrice, { price: formatPrice(base.cents, locale), unit: base.per }));
    };

    await page.goto(groupPath(locale));
    await expect(sizes.getByRole('link')).toHaveCount(group.variants.length);
    await expectSize(opening);
    // One ProductGroup with a variant per size; the size pages point search engines to this page.
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => JSON.parse(text) as Record<string, unknown>[]);
    const productGroup = jsonLd.find((data) => data['@type'] === 'ProductGroup')!;
    expect((productGroup.hasVariant as { sku: string }[]).map((variant) => variant.sku)).toEqual(group.variants.map((variant) => variant.pzn));

    await sizes.getByRole('link', { name: chosen.package.label[locale] }).click();
    await expect(page).toHaveURL(productPath(chosen, locale));
    await expectSize(chosen);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${groupPath(locale)}$`));
    await expectNoAxeViolations(page);

    await page.goBack();
    await expect(page).toHaveURL(groupPath(locale));
    await expectSize(opening);
    await page.goForward();
    await expect(page).toHaveURL(productPath(chosen, locale));
    await expectSize(chosen);

    await page.getByRole('button', { name: cartMessages[locale].addToCart }).click();
    await expect(page.locator(`[data-cart-control][data-pzn="${chosen.pzn}"] .cart-stepper__count`)).toContainText('1');
    const cart = await request.get('/api/v1/user/cart', { headers: { authorization: `Bearer ${token}` } });
    expect(((await cart.json()) as { lines: { pzn: string }[] }).lines.map((line) => line.pzn)).toEqual([chosen.pzn]);
  });

  test(`${locale}: a pack size's former page moves permanently to the product with that size chosen`, async ({ request }) => {
    const former = shopPath(locale, `/shop/product/${standaloneProductSlug(chosen)}/`);
    const response = await request.get(`${former}?utm_source=mail`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`${productPath(chosen, locale)}?utm_source=mail`);
  });
}
