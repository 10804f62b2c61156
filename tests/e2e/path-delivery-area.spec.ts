import { expect, test } from '@playwright/test';
import { addressMessages } from '../../src/features/addresses/i18n/messages';
import { selectionMessages } from '../../src/features/pharmacies/i18n/selection';
import { otherPharmacyText } from '../../src/features/pharmacies/model/delivery-outcome';
import { LOCALES, registerViaApi, shopPath, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime } from './support/shop-time';
import { addressNear, api, openCheckout, PRODUCT, texts, useToken } from './checkout-flow';

/*
 * Issue 11, "One delivery-area decision everywhere", in the browser on desktop and phone: a München
 * address with a Berlin pharmacy chosen is offered the München pharmacy in checkout, and an address
 * that does not exist (99999 Nirgendwo) is refused by the address form, so it never reaches payment.
 */

const MUNICH = { id: 'muenchen-marienplatz', name: 'Apotheke am Marienplatz' };

for (const locale of LOCALES) {
  test.describe(() => {
    test.use(atShopTime('day'));

    test(`${locale}: a München address with a Berlin pharmacy chosen proposes the München pharmacy`, async ({ page, request }) => {
      const t = texts(locale);
      const token = await registerViaApi(request, uniqueEmail(`path-munich-${locale}`), locale);
      await api(request, token, 'POST', '/api/v1/user/shipping/', addressNear(MUNICH.id));
      await api(request, token, 'PUT', '/api/v1/user/cart/pharmacy', { pharmacyId: 'berlin-alexanderplatz' });
      await api(request, token, 'PUT', `/api/v1/user/cart/items/${PRODUCT.pzn}`, { quantity: 1 });
      await useToken(page, token);

      // The cart page says the same as the checkout, before the customer gets there.
      await page.goto(shopPath(locale, '/shop/cart/'));
      const verdict = page.locator('.cart-delivery-verdict');
      await expect(verdict).toContainText(otherPharmacyText(MUNICH.name, locale));
      await expect(verdict.getByRole('button', { name: selectionMessages[locale].orderFrom.replace('{pharmacy}', MUNICH.name) })).toBeEnabled();
      await expectNoAxeViolations(page);

      await openCheckout(page, locale);
      const address = page.getByRole('region', { name: t.ui.addressHeading });
      await expect(address).toContainText(otherPharmacyText(MUNICH.name, locale));
      await expectNoAxeViolations(page);
      await address.getByRole('button', { name: t.ui.switchPharmacy.replace('{pharmacy}', MUNICH.name), exact: true }).click();
      await expect(page.getByRole('region', { name: t.ui.pharmacyHeading })).toContainText(MUNICH.name);
      await expect(address).not.toContainText(otherPharmacyText(MUNICH.name, locale));
      // The chip and the cart follow the same choice.
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.pharmacy') ?? 'null'))).toMatchObject({ id: MUNICH.id });
      expect((await api<{ pharmacyId: string }>(request, token, 'GET', '/api/v1/user/cart')).pharmacyId).toBe(MUNICH.id);
    });

    test(`${locale}: an address that does not exist cannot be saved, so it never reaches payment`, async ({ page, request }) => {
      const a = addressMessages[locale];
      const t = texts(locale);
      const token = await registerViaApi(request, uniqueEmail(`path-nowhere-${locale}`), locale);
      await useToken(page, token);
      await page.goto(`${shopPath(locale, '/shop/addresses/')}?new=shipping`);
      await expect(page.getByRole('button', { name: a.save, exact: true })).toBeEnabled();
      await page.getByLabel(a.street, { exact: true }).fill('Hauptstraße');
      await page.getByLabel(a.houseNumber, { exact: true }).fill('1');
      await page.getByLabel(a.postalCode, { exact: true }).fill('99999');
      await page.getByLabel(a.locality, { exact: true }).fill('Nirgendwo');
      await page.getByRole('button', { name: a.save, exact: true }).click();
      const postalCode = page.getByLabel(a.postalCode, { exact: true });
      await expect(postalCode).toBeFocused();
      await expect(page.getByText(locale === 'de' ? 'Diese Postleitzahl gibt es in Deutschland nicht.' : 'This postal code does not exist in Germany.')).toBeVisible();
      await expectNoAxeViolations(page);
      expect((await api<{ shipping: unknown[] }>(request, token, 'GET', '/api/v1/user/addresses')).shipping).toEqual([]);

      // The checkout asks for an address instead of offering payment for this one.
      await api(request, token, 'PUT', '/api/v1/user/cart/pharmacy', { pharmacyId: 'berlin-alexanderplatz' });
      const cart = await request.put(`/api/v1/user/cart/items/${PRODUCT.pzn}`, { headers: { Authorization: `Bearer ${token}` }, data: { quantity: 1 } });
      if (cart.ok()) {
        await openCheckout(page, locale);
        await expect(page.getByText(t.ui.addressNone)).toBeVisible();
      } else {
        // Spec §6: without a delivery address nothing can be added to the cart at all.
        expect(cart.status()).toBeGreaterThanOrEqual(400);
      }
    });
  });
}
