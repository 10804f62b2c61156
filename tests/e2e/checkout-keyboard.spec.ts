import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '../../src/platform/i18n/format';
import type { Locale } from './support/accounts';
import { CARD, COUPON, fill, hostedFields, openCheckout, shopper, texts, useToken } from './checkout-flow';

/*
 * The whole checkout by keyboard alone (WCAG 2.1.1): Tab to move, Space and arrow keys for choices,
 * typing for fields, Enter to apply the coupon and to send the order. No mouse click anywhere.
 */

const locale: Locale = 'de';

/** Presses Tab until the focused element matches `selector` (and fails after too many presses). */
async function tabTo(page: Page, selector: string, max = 250): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const checked = (page: Page, name: string) => page.evaluate((field) => document.querySelector<HTMLInputElement>(`input[name="${field}"]:checked`)?.value ?? null, name);

test('de: the whole checkout by keyboard alone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const t = texts(locale);
  await useToken(page, await shopper(request, locale, 'keyboard', 'berlin-prenzlauer-berg'));
  await openCheckout(page, locale);
  await page.locator('body').focus();

  // Delivery time: Tab into the group, Space takes the first option the pharmacy offers now.
  await tabTo(page, 'input[name="delivery"]');
  await page.keyboard.press('Space');
  expect(await checked(page, 'delivery')).not.toBeNull();

  // Safety questions: arrow keys choose within each group ("Nein" follows "Ja").
  for (const key of ['pregnant', 'underage', 'nursing', 'for_someone_else', 'consulted_by_pharmacy']) {
    await tabTo(page, `input[name="safety.${key}"]`);
    await page.keyboard.press('ArrowRight');
    expect(await checked(page, `safety.${key}`)).toBe('no');
  }

  await tabTo(page, '#checkout-phone');
  await page.keyboard.type('0151 23456789');
  await tabTo(page, '#checkout-consent');
  await page.keyboard.press('Space');
  await expect(page.getByLabel(t.ui.consentLabel)).toBeChecked();

  // Enter in the coupon field applies the coupon and does not send the order.
  await tabTo(page, '#checkout-coupon-code');
  await page.keyboard.type(COUPON.code);
  await page.keyboard.press('Enter');
  await expect(page.getByText(fill(t.ui.couponApplied, { code: COUPON.code, amount: formatPrice(COUPON.discount.amountCents!, locale) }))).toBeVisible();
  await expect(page).toHaveURL(/\/de\/shop\/checkout\/$/);

  // Tip: from "Kein Trinkgeld" two steps to 2,00 €.
  await tabTo(page, 'input[name="tip"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await checked(page, 'tip')).toBe('200');

  // The card goes into the provider's hosted fields (an iframe): Tab enters it at the express
  // wallets above the card fields (as Stripe's Payment Element orders them), then the card number.
  await tabTo(page, 'iframe.checkout-hosted-fields');
  const fields = await hostedFields(page, locale);
  await expect(fields.getByRole('button', { name: t.psp.applePay })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(fields.getByRole('button', { name: t.psp.googlePay })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(fields.getByLabel(t.psp.number)).toBeFocused();
  await page.keyboard.type(CARD.number);
  await page.keyboard.press('Tab');
  await expect(fields.getByLabel(t.psp.expiry)).toBeFocused();
  await page.keyboard.type(CARD.expiry);
  await page.keyboard.press('Tab');
  await expect(fields.getByLabel(t.psp.cvc)).toBeFocused();
  await page.keyboard.type(CARD.cvc);
  await page.keyboard.press('Tab');

  // Every focused control shows where the focus is.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');

  await tabTo(page, 'button[type="submit"]');
  await expect(page.locator(':focus')).toHaveText('Zahlungspflichtig bestellen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/de\/shop\/orders\/view\/\?id=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: t.order.thanksHeading })).toBeVisible();
});
