import { expect, test, type Locator, type Page } from '@playwright/test';
import { cartControlMessages } from '../../src/features/cart/i18n/control-messages';
import { cartMessages } from '../../src/features/cart/i18n/messages';
import { shellMessages } from '../../src/ui/layout/messages';
import { formatPrice } from '../../src/platform/i18n/format';
import { productPath } from './catalog-data';
import { LOCALES, shopPath, toast } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime } from './support/shop-time';
import { api, checkoutPath, PRODUCT, QUANTITY, shopper, texts, useToken } from './checkout-flow';

/*
 * Issue 11, "On a phone" (Pixel 7 project only): the compact header stays on screen with the cart
 * badge, the product page keeps price and "Add to cart" in a bar, a toast never covers the badge,
 * and the checkout drops the shop's navigation (legal links stay) for a sticky "Order and pay – €xx".
 * Screenshots of home, product, cart and checkout in both languages go to the test output folder
 * (test-results/e2e-<port>/…/phone-*.png) and are attached to the report.
 */

const inViewport = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
};

async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`phone-${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await test.info().attach(`phone-${name}`, { path, contentType: 'image/png' });
}

for (const locale of LOCALES) {
  test.describe(() => {
    test.use(atShopTime('day'));
    test(`${locale}: phone header, product bar, toasts and checkout bar; screenshots`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const token = await shopper(request, locale, 'phone', 'berlin-alexanderplatz');
      await useToken(page, token);
      const cartLink = page.locator('header a[data-cart-open]');

      await page.goto(shopPath(locale, '/shop/'));
      await shot(page, `home-${locale}`);
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(200);
      expect(await inViewport(page, cartLink)).toBe(true);
      expect(await inViewport(page, page.getByRole('searchbox').first())).toBe(true);

      await page.goto(productPath(PRODUCT, locale));
      const bar = page.locator('.buy-bar--sticky');
      await expect(bar).toContainText(formatPrice(PRODUCT.priceCents, locale));
      expect(await inViewport(page, bar)).toBe(true);
      await shot(page, `product-${locale}`);
      await page.mouse.wheel(0, 2000);
      expect(await inViewport(page, bar)).toBe(true);
      await expect(page.locator('[data-cart-control][data-cart-mounted]')).toHaveCount(1);
      // The product is in the cart already: "+" adds one more and a toast may appear; it stays clear of the badge.
      const add = bar.getByRole('button', { name: cartMessages[locale].addToCart });
      if (await add.isVisible()) await add.click();
      else await bar.getByRole('button', { name: cartControlMessages[locale].increase.replace('{name}', PRODUCT.name) }).click();
      const shown = toast(page, cartControlMessages[locale].added);
      if (await shown.isVisible().catch(() => false)) {
        const [toastBox, badgeBox] = [await shown.boundingBox(), await cartLink.boundingBox()];
        expect(toastBox!.y).toBeGreaterThanOrEqual(badgeBox!.y + badgeBox!.height);
      }
      await expectNoAxeViolations(page);

      await page.goto(shopPath(locale, '/shop/cart/'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, `cart-${locale}`);

      await page.goto(checkoutPath(locale));
      const t = texts(locale);
      const paybar = page.getByRole('button', { name: new RegExp(`^${t.ui.orderButton} – `) });
      await expect(paybar).toBeEnabled({ timeout: 15_000 });
      expect(await inViewport(page, paybar)).toBe(true);
      await expect(page.locator('.bottom-nav')).toHaveCount(0);
      await expect(page.getByRole('searchbox')).toBeHidden();
      await expect(page.getByRole('navigation', { name: shellMessages[locale].footerLegalLabel })).toBeAttached();
      const cart = await api<{ lines: { quantity: number }[] }>(request, token, 'GET', '/api/v1/user/cart');
      expect(cart.lines[0]!.quantity).toBeGreaterThanOrEqual(QUANTITY);
      await shot(page, `checkout-${locale}`);
      await expectNoAxeViolations(page);
    });
  });
}
