import { expect, test, type Page } from '@playwright/test';
import { addressMessages } from '../../src/features/addresses/i18n/messages';
import { screenMessages } from '../../src/features/accounts/i18n/screens';
import { cartControlMessages } from '../../src/features/cart/i18n/control-messages';
import { cartMessages } from '../../src/features/cart/i18n/messages';
import { productPath, products } from './catalog-data';
import { LOCALES, logInWithEmail, PASSWORD, registerViaApi, shopPath, toast, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/*
 * Issue 11, "Browse-only → customer, and told so", on desktop and phone: "Add to cart" on a product
 * page sends a browse-only visitor to log in and then to the address form; each says in one
 * sentence why it asks and which product is waiting, and at the end the visitor is back on the
 * product with the item in the cart and a toast saying so. A 300-character street wraps on the
 * address screen without sideways scrolling.
 */

const fill = (template: string, params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
const product = products.find((p) => p.kind === 'non-medicine' && !p.collectInPersonOnly)!;
const badge = (page: Page) => page.locator('header [data-cart-open] [data-cart-count]');

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const locale of LOCALES) {
  test(`${locale}: from a product page through login and the address form, told why, back with the item in the cart`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const a = addressMessages[locale];
    const email = uniqueEmail(`path-detour-${locale}`);
    await registerViaApi(request, email, locale);
    const url = productPath(product, locale);
    await page.goto(url);
    await expect(page.locator('[data-cart-control][data-cart-mounted]')).toHaveCount(1);
    await page.getByRole('button', { name: cartMessages[locale].addToCart }).first().click();

    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/login')}/?\\?redirect=`));
    await expect(page.locator('[data-detour]')).toHaveText(fill(screenMessages[locale].detourLogin, { product: product.name }));
    await expectNoAxeViolations(page);
    await logInWithEmail(page, locale, email, PASSWORD);

    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/addresses/')}\\?new=shipping&redirect=`));
    await expect(page.locator('[data-detour]')).toHaveText(fill(a.detourAddress, { product: product.name }));
    // The recipient comes from the profile.
    await expect(page.getByLabel(a.recipientFirstName, { exact: true })).toHaveValue('Erika');
    await expect(page.getByLabel(a.recipientLastName, { exact: true })).toHaveValue('Mustermann');
    await expectNoAxeViolations(page);
    // A very long street name wraps instead of widening the page.
    await page.getByLabel(a.street, { exact: true }).fill('Karl-Liebknecht-Straße'.repeat(14).slice(0, 300));
    await noSidewaysScroll(page);
    await page.getByLabel(a.street, { exact: true }).fill('Karl-Liebknecht-Straße');
    await page.getByLabel(a.houseNumber, { exact: true }).fill('13');
    await page.getByLabel(a.postalCode, { exact: true }).fill('10178');
    await page.getByLabel(a.locality, { exact: true }).fill('Berlin');
    await page.getByRole('button', { name: a.save, exact: true }).click();

    await expect(page).toHaveURL(url);
    await expect(toast(page, cartControlMessages[locale].added)).toBeVisible();
    await expect(badge(page).first()).toHaveText('1');
  });

  test(`${locale}: a 300-character street name wraps on the address screen and the page does not scroll sideways`, async ({ page, request }) => {
    const token = await registerViaApi(request, uniqueEmail(`path-long-${locale}`), locale);
    const street = 'Hauptstraße'.repeat(28).slice(0, 300);
    // The server keeps at most 100 characters: the longest street it takes, and one word of 300 shown in the form.
    const saved = await request.post('/api/v1/user/shipping/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { street_address: street.slice(0, 100), house_number: '1', postal_code: '10178', locality: 'Berlin' },
    });
    expect(saved.status()).toBe(201);
    await page.addInitScript((value) => localStorage.setItem('apobote.token', value), token);
    await page.goto(shopPath(locale, '/shop/addresses/'));
    await expect(page.getByText(street.slice(0, 100), { exact: false }).first()).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: addressMessages[locale].addShipping }).click();
    const field = page.getByLabel(addressMessages[locale].street, { exact: true });
    await field.fill(street);
    // The field shows its maximum and keeps only what the server takes.
    await expect(field).toHaveAttribute('maxlength', '100');
    expect((await field.inputValue()).length).toBe(100);
    await noSidewaysScroll(page);
  });
}
