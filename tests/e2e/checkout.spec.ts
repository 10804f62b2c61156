import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '../../src/platform/i18n/format';
import { LOCALES, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime, type ShopTime } from './support/shop-time';
import {
  answerSafetyQuestions,
  api,
  CARD,
  checkoutPath,
  chooseDeliveryTime,
  COUPON,
  fill,
  fillCard,
  hostedFields,
  openCheckout,
  orderIdFromUrl,
  PRODUCT,
  QUANTITY,
  shopper,
  staffPath,
  staffToken,
  texts,
  tipLabel,
  useToken,
} from './checkout-flow';

/*
 * Issue 5's checkout, end to end in Chromium, in English and German: a customer with a Berlin
 * address and a cart checks out (delivery time, safety questions, phone, consent, coupon, tip,
 * the demo acquirer's success card) and sees the order taken; the demo pharmacist of that pharmacy
 * accepts it on the staff page, and the customer's order page turns to "Paid" by itself.
 */

const PHARMACY: Record<Locale, string> = { en: 'berlin-alexanderplatz', de: 'berlin-hauptbahnhof' };
// By day "as soon as possible", at night the pre-order for tomorrow: both on every run.
const TIME: Record<Locale, ShopTime> = { en: 'day', de: 'night' };

const statusOf = (page: Page, locale: Locale) => page.getByRole('definition').filter({ hasText: new RegExp(`^(${Object.values(texts(locale).labels).join('|')})$`) });

for (const locale of LOCALES) {
  test.describe(() => {
    test.use(atShopTime(TIME[locale]));
    test(`${locale}, ${TIME[locale] === 'day' ? 'by day' : 'at night'}: log in, check out with coupon and tip, pay, the pharmacist accepts, the order is paid`, async ({ page, request, browser }) => {
      test.setTimeout(90_000);
      const t = texts(locale);
      const pharmacyId = PHARMACY[locale];
      const token = await shopper(request, locale, 'full', pharmacyId);
      await useToken(page, token);
      await openCheckout(page, locale);

      // The cart arrived as the order's lines, priced by the server.
      const summary = page.getByRole('region', { name: t.ui.summaryHeading });
      await expect(summary).toContainText(`${QUANTITY} × ${PRODUCT.name}`);
      await expect(summary).toContainText(formatPrice(PRODUCT.priceCents * QUANTITY, locale));
      await expect(page.getByRole('button', { name: t.ui.orderButton, exact: true })).toHaveText(locale === 'de' ? 'Zahlungspflichtig bestellen' : 'Order and pay');

      await chooseDeliveryTime(page, locale, TIME[locale]);
      await answerSafetyQuestions(page, locale);
      await page.getByLabel(t.ui.phoneLabel).fill('0151 23456789');
      await page.getByLabel(t.ui.consentLabel).check();

      await page.getByLabel(t.ui.couponLabel).fill(COUPON.code.toLowerCase());
      await page.getByRole('button', { name: t.ui.couponApply, exact: true }).click();
      await expect(page.getByText(fill(t.ui.couponApplied, { code: COUPON.code, amount: formatPrice(COUPON.discount.amountCents!, locale) }))).toBeVisible();
      await expect(summary).toContainText(`−${formatPrice(COUPON.discount.amountCents!, locale)}`);

      const tips = page.getByRole('group', { name: t.ui.tipLegend });
      await expect(page.getByText(t.summary.tipNote)).toBeVisible();
      await tips.getByLabel(tipLabel(200, locale), { exact: true }).check();
      const expectedTotal = PRODUCT.priceCents * QUANTITY - COUPON.discount.amountCents! + 290 + 200;
      await expect(summary.getByRole('definition').filter({ hasText: formatPrice(expectedTotal, locale) }).first()).toBeVisible();

      await fillCard(page, locale);
      await page.getByLabel(t.ui.saveCard).check();
      await page.getByRole('button', { name: t.ui.orderButton, exact: true }).click();

      // The confirmation: an offer until the pharmacy accepts, labelled "Order taken".
      await expect(page).toHaveURL(new RegExp(`${locale === 'de' ? '/de' : ''}/shop/orders/view/\\?id=`), { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: t.order.thanksHeading })).toBeVisible();
      await expect(statusOf(page, locale)).toHaveText(t.labels['label.order_taken']);
      await expect(page.getByRole('list', { name: t.order.trackingLabel }).locator('[aria-current="step"]')).toContainText(t.labels['stage.order_taken']);
      await expectNoAxeViolations(page);

      const orderId = orderIdFromUrl(page);
      const order = await api<{ order_number: string; status: string; totals: { total_cents: number; tip_cents: number; coupon_discount_cents: number } }>(
        request,
        token,
        'GET',
        `/api/v1/user/orders/${orderId}`,
      );
      expect(order).toMatchObject({ status: 'pending', totals: { total_cents: expectedTotal, tip_cents: 200, coupon_discount_cents: COUPON.discount.amountCents } });
      // The cart was emptied by the placement.
      expect((await api<{ lines: unknown[] }>(request, token, 'GET', '/api/v1/user/cart')).lines).toEqual([]);

      // The pharmacy's staff accepts the offer in a second browser.
      const staffContext = await browser.newContext(atShopTime(TIME[locale]));
      const staffPage = await staffContext.newPage();
      await useToken(staffPage, await staffToken(request, pharmacyId));
      await staffPage.goto(staffPath(locale));
      const card = staffPage.getByRole('article', { name: fill(t.staff.order, { number: order.order_number }) });
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card).toContainText(`${QUANTITY} × ${PRODUCT.name}`);
      await expect(card).toContainText('+4915123456789');
      await expectNoAxeViolations(staffPage);
      await card.getByRole('button', { name: t.staff.accept, exact: true }).click();
      await expect(card).toContainText(t.labels['label.paid']);
      await staffContext.close();

      // The customer's page notices by itself (live events; polling where no stream can be held).
      await expect(statusOf(page, locale)).toHaveText(t.labels['label.paid'], { timeout: 20_000 });
      await expect(page.getByRole('list', { name: t.order.trackingLabel }).locator('[aria-current="step"]')).toContainText(t.labels['stage.pharmaceutical_check']);

      // The saved card is offered at the next checkout, and can be deleted there after a confirmation.
      await api(request, token, 'PUT', `/api/v1/user/cart/items/${PRODUCT.pzn}`, { quantity: 1 });
      await openCheckout(page, locale);
      const savedCard = fill(t.ui.savedCard, { brand: 'Visa', last4: '4242', month: '12', year: '34' });
      const payment = page.getByRole('region', { name: t.ui.paymentHeading });
      await expect(payment.getByRole('radio', { name: savedCard, exact: true })).toBeChecked();
      // A saved card needs no card fields: the provider's hosted fields are not shown.
      await expect(payment.locator(`iframe[title="${t.ui.hostedFieldsTitle}"]`)).toHaveCount(0);
      await payment.getByRole('button', { name: fill(t.ui.deleteCardLabel, { card: savedCard }) }).click();
      const dialog = page.getByRole('dialog', { name: t.ui.deleteCardTitle });
      await expect(dialog.getByRole('button', { name: t.ui.cancel })).toBeFocused();
      await dialog.getByRole('button', { name: t.ui.deleteCardConfirm, exact: true }).click();
      await expect(payment.getByRole('radio', { name: savedCard, exact: true })).toHaveCount(0);
      await expect(payment.getByRole('radio', { name: t.ui.newCard, exact: true })).toBeChecked();
      expect((await api<{ items: unknown[] }>(request, token, 'GET', '/api/v1/user/cards')).items).toEqual([]);
    });
  });
}

test.describe('en: one customer, the cases that must not place an order', () => {
  test.describe.configure({ mode: 'serial' });
  test.use(atShopTime('day'));
  const locale: Locale = 'en';
  const t = texts(locale);
  let token = '';

  test.beforeAll(async ({ request }) => {
    token = await shopper(request, locale, 'edge', 'berlin-kreuzberg');
  });

  test('axe finds nothing on the checkout, before and after the errors are shown', async ({ page }) => {
    await useToken(page, token);
    await openCheckout(page, locale);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.ui.orderButton, exact: true }).click();
    await expect(page.getByText(t.ui.answerRequired).first()).toBeVisible();
    await expect(page.getByText(t.errors.CONSENT_REQUIRED)).toBeVisible();
    // The first problem in screen order takes the focus: the delivery time.
    await expect(page.locator(':focus')).toHaveAttribute('name', 'delivery');
    await expectNoAxeViolations(page);
  });

  test('a declined card says so in the payment section and no order is created', async ({ page, request }) => {
    await useToken(page, token);
    await openCheckout(page, locale);
    await chooseDeliveryTime(page, locale, 'day');
    await answerSafetyQuestions(page, locale);
    await page.getByLabel(t.ui.phoneLabel).fill('030 1234567');
    await page.getByLabel(t.ui.consentLabel).check();
    await fillCard(page, locale, CARD.declined);
    await page.getByRole('button', { name: t.ui.orderButton, exact: true }).click();

    const payment = page.getByRole('region', { name: t.ui.paymentHeading });
    await expect(payment.getByRole('alert')).toHaveText('Payment failed, try another card or contact your provider.');
    await expect(payment.getByRole('radio', { name: t.ui.newCard, exact: true })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${checkoutPath(locale)}$`));
    expect((await api<{ orders: unknown[] }>(request, token, 'GET', '/api/v1/user/orders')).orders).toEqual([]);
    expect((await api<{ lines: unknown[] }>(request, token, 'GET', '/api/v1/user/cart')).lines).toHaveLength(1);
  });

  test('a card number with a wrong check digit is refused at the provider\'s hosted field before anything is sent', async ({ page }) => {
    // The fields' script arrives only after the number was typed and left, as on a slow connection.
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route('**/demo-psp/elements.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await useToken(page, token);
    await openCheckout(page, locale);
    const fields = await hostedFields(page, locale);
    const number = fields.getByLabel(t.psp.number);
    await number.fill('4242 4242 4242 4241');
    await number.blur();
    releaseScript();
    await expect(fields.getByText(t.errors.CARD_INVALID)).toBeVisible();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    // Corrected, then wrong again: checked each time the field is left.
    await number.fill(CARD.number);
    await number.blur();
    await expect(number).toHaveAttribute('aria-invalid', 'false');
    await expect(fields.getByText(t.errors.CARD_INVALID)).toHaveCount(0);
    await number.fill('4242 4242 4242 4241');
    await number.blur();
    await expect(fields.getByText(t.errors.CARD_INVALID)).toBeVisible();
  });
});

// Spec §4: a closed pharmacy takes pre-orders only. The server runs at 23:30 for this customer.
test.describe('en: at night', () => {
  test.use(atShopTime('night'));
  const locale: Locale = 'en';
  const t = texts(locale);

  test('a closed pharmacy allows pre-orders only and says "Pharmacy closed, choose another time"', async ({ page, request }) => {
    await useToken(page, await shopper(request, locale, 'night', 'berlin-kreuzberg'));
    await openCheckout(page, locale);
    const delivery = page.getByRole('region', { name: t.ui.deliveryHeading });
    await expect(delivery.getByRole('alert')).toHaveText('Pharmacy closed, choose another time.');
    await expect(delivery.getByLabel(fill(t.summary.asap, { minutes: 30 }))).toHaveCount(0);
    await expect(delivery.getByLabel(t.summary.laterToday)).toHaveCount(0);
    await delivery.getByLabel(t.summary.tomorrow).check();
    const window = delivery.getByRole('combobox');
    await expect(window.locator('option').first()).toHaveText(/\d{2}:\d{2}–\d{2}:\d{2}/);
    await expect(page.getByRole('region', { name: t.ui.pharmacyHeading })).toContainText(t.ui.pharmacyClosed);
    await expectNoAxeViolations(page);
  });
});
