import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '../../src/platform/i18n/format';
import { LOCALES, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime } from './support/shop-time';
import { answerSafetyQuestions, api, checkoutPath, chooseDeliveryTime, COUPON, fill, fillCard, openCheckout, shopper, texts, useToken } from './checkout-flow';

/*
 * Issue 11, "Checkout keeps its state": the answers live on the server's one open draft, so a
 * reload, back and forward, and a second tab show every answer; after ordering, back leads to the
 * order page, never to a payable empty checkout. Runs on the desktop and the phone project.
 */

const PHARMACY: Record<Locale, string> = { en: 'berlin-kreuzberg', de: 'berlin-prenzlauer-berg' };
const PHONE = '0151 24681357';

interface OpenDraft {
  id: string;
  consent_pharmacy_data: boolean;
  phone: string | null;
  coupon: { code: string } | null;
  delivery: { option: string | null };
}

async function expectAnswersKept(page: Page, locale: Locale) {
  const t = texts(locale);
  await expect(page.getByRole('group', { name: t.ui.deliveryLegend }).getByLabel(fill(t.summary.asap, { minutes: 30 }))).toBeChecked();
  await expect(page.getByRole('group', { name: t.ui['safety.for_someone_else'] }).getByLabel(t.ui.yes, { exact: true })).toBeChecked();
  await expect(page.getByRole('group', { name: t.ui['safety.pregnant'] }).getByLabel(t.ui.no, { exact: true })).toBeChecked();
  await expect(page.getByLabel(t.ui.phoneLabel)).toHaveValue('+4915124681357');
  await expect(page.getByLabel(t.ui.consentLabel)).toBeChecked();
  await expect(page.getByText(fill(t.ui.couponApplied, { code: COUPON.code, amount: formatPrice(COUPON.discount.amountCents!, locale) }))).toBeVisible();
}

for (const locale of LOCALES) {
  test.describe(() => {
    test.use(atShopTime('day'));
    test(`${locale}: answers survive reload, back/forward and a second tab; back after ordering shows the order`, async ({ page, request, context }) => {
      test.setTimeout(90_000);
      const t = texts(locale);
      const token = await shopper(request, locale, 'state', PHARMACY[locale]);
      await useToken(page, token);
      await openCheckout(page, locale);

      await chooseDeliveryTime(page, locale, 'day');
      await answerSafetyQuestions(page, locale);
      await page.getByLabel(t.ui.phoneLabel).fill(PHONE);
      await page.getByLabel(t.ui.consentLabel).check();
      await page.getByLabel(t.ui.couponLabel).fill(COUPON.code);
      await page.getByRole('button', { name: t.ui.couponApply, exact: true }).click();
      await expect(page.getByText(fill(t.ui.couponApplied, { code: COUPON.code, amount: formatPrice(COUPON.discount.amountCents!, locale) }))).toBeVisible();

      // Every answer has reached the server's draft (one draft: the same id on every read).
      const meta = { sessionId: randomUUID(), irClickId: null, locale };
      const first = await api<OpenDraft>(request, token, 'POST', '/api/v2/user/orders', { meta });
      await expect
        .poll(async () => {
          const draft = await api<OpenDraft>(request, token, 'POST', '/api/v2/user/orders', { meta });
          return [draft.id, draft.consent_pharmacy_data, draft.phone, draft.coupon?.code, draft.delivery.option];
        })
        .toEqual([first.id, true, '+4915124681357', COUPON.code, 'asap']);

      await page.reload();
      await expectAnswersKept(page, locale);

      // Away to the cart and back, then forward and back again.
      await page.goto(locale === 'de' ? '/de/shop/cart/' : '/shop/cart/');
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${checkoutPath(locale)}$`));
      await expectAnswersKept(page, locale);
      await page.goForward();
      await page.goBack();
      await expectAnswersKept(page, locale);

      // A second tab shows the same draft.
      const second = await context.newPage();
      await second.goto(checkoutPath(locale));
      await expectAnswersKept(second, locale);
      await second.close();
      await expectNoAxeViolations(page);

      await fillCard(page, locale);
      await page.getByRole('button', { name: t.ui.orderButton, exact: true }).click();
      const orderUrl = new RegExp(`${locale === 'de' ? '/de' : ''}/shop/orders/view/\\?id=`);
      await expect(page).toHaveURL(orderUrl, { timeout: 15_000 });
      const orderAddress = page.url();

      // Back from the confirmation: the order again, never an empty checkout with "Order and pay".
      await page.goBack();
      await expect(page).toHaveURL(orderAddress, { timeout: 15_000 });
      await expect(page.getByRole('button', { name: t.ui.orderButton, exact: true })).toHaveCount(0);
    });
  });
}

test('an empty cart\'s checkout sends the customer to the cart', async ({ page, request }) => {
  const token = await shopper(request, 'en', 'empty', 'berlin-kreuzberg');
  await api(request, token, 'DELETE', '/api/v1/user/cart');
  await useToken(page, token);
  await page.goto('/shop/checkout/');
  await expect(page).toHaveURL(/\/shop\/cart\/$/, { timeout: 15_000 });
});
