import { randomBytes, randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatPrescriptionId, prescriptionCheckDigits } from '../../src/features/prescriptions/client';
import { redeemScreenMessages } from '../../src/features/prescriptions/i18n/redeem-screen-messages';
import { scannerMessages } from '../../src/features/prescriptions/i18n/scanner-messages';
import { formatPrice } from '../../src/platform/i18n/format';
import { dataMatrixPng, eRezeptText } from '../support/data-matrix';
import { LOCALES, type Locale } from './support/accounts';
import { atShopTime } from './support/shop-time';
import { answerSafetyQuestions, api, chooseDeliveryTime, fill, fillCard, openCheckout, orderIdFromUrl, shopper, staffPath, staffToken, texts, useToken } from './checkout-flow';

/*
 * Issue 29's whole path on a phone, in both languages: the customer uploads a photo of the
 * printout's Data Matrix code (generated here), sees the prescription with its co-payment, orders
 * and pays it beside the cart's product; the pharmacist accepts and dispenses it in the back
 * office; the customer's order page says it was dispensed (that the payment is captured only at
 * dispensing is held by tests/api/orders/prescription-orders.test.ts).
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const PHARMACY: Record<Locale, string> = { en: 'berlin-kreuzberg', de: 'berlin-prenzlauer-berg' };

/** A statutory token of this test's own (the stand-in remembers dispensed tokens): random digits, their MOD 97-10 check digits, a random access code. */
function ownToken() {
  const first15 = `160${String(randomInt(0, 1e6)).padStart(6, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  return { prescriptionId: formatPrescriptionId(`${first15}${prescriptionCheckDigits(first15)}`), accessCode: randomBytes(32).toString('hex') };
}

interface PrescriptionList {
  prescriptions: { prescriptionId: string; coPaymentTotalCents: number; status: string; items: { name: string; coPaymentPerPackCents: number }[] }[];
}
interface OrderAnswer {
  order_number: string;
  status: string;
  totals: { total_cents: number };
}

test.use({ ...PHONE, ...atShopTime('day') });

/** With ERX_SHOTS_DIR set, a picture of the part of the page the step is about (to look at, not asserted). */
async function shot(page: Page, part: Locator, name: string) {
  if (!process.env.ERX_SHOTS_DIR) return;
  await part.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${process.env.ERX_SHOTS_DIR}/${name}.png` });
}

for (const locale of LOCALES) {
  test(`${locale}: a scanned E-Rezept is ordered with its co-payment, dispensed by the pharmacist and shown as dispensed`, async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const t = texts(locale);
    const redeem = redeemScreenMessages[locale];
    const token = await shopper(request, locale, 'erx-order', PHARMACY[locale]);
    await useToken(page, token);

    // Redeem: the photo of the printout.
    await page.goto(`${locale === 'de' ? '/de' : ''}/shop/prescriptions/redeem/`);
    await expect(page.getByRole('button', { name: redeem.submit, exact: true })).toBeEnabled();
    const own = ownToken();
    await page.getByLabel(scannerMessages[locale].fileLabel).setInputFiles({ name: 'rezept.png', mimeType: 'image/png', buffer: await dataMatrixPng(eRezeptText(own.prescriptionId, own.accessCode)) });
    await expect(page.getByRole('heading', { level: 2, name: redeem.redeemedOne })).toBeVisible({ timeout: 15_000 });
    const held = (await api<PrescriptionList>(request, token, 'GET', '/api/v1/user/prescriptions')).prescriptions.find((p) => p.prescriptionId === own.prescriptionId)!;
    await expect(page.getByText(fill(redeem.coPaymentTotal, { amount: formatPrice(held.coPaymentTotalCents, locale) })).first()).toBeVisible();

    // Checkout: the prescription's lines with their co-payment per pack, beside the cart's product.
    await openCheckout(page, locale);
    const summary = page.getByRole('region', { name: t.ui.summaryHeading });
    for (const item of held.items) {
      await expect(summary).toContainText(item.name);
      await expect(summary).toContainText(fill(t.ui.coPaymentPerPack, { amount: formatPrice(item.coPaymentPerPackCents, locale) }));
    }
    await shot(page, summary, `order-checkout-${locale}`);
    await chooseDeliveryTime(page, locale, 'day');
    await answerSafetyQuestions(page, locale);
    await page.getByLabel(t.ui.phoneLabel).fill('0151 23456789');
    await page.getByLabel(t.ui.consentLabel).check();
    await fillCard(page, locale);
    await page.getByRole('button', { name: t.ui.orderButton, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/orders\/view\/\?id=/, { timeout: 20_000 });
    const orderId = orderIdFromUrl(page);
    const order = await api<OrderAnswer>(request, token, 'GET', `/api/v1/user/orders/${orderId}`);
    expect((await api<PrescriptionList>(request, token, 'GET', '/api/v1/user/prescriptions')).prescriptions.find((p) => p.prescriptionId === own.prescriptionId)?.status).toBe('in-order');

    // The pharmacist accepts, then dispenses: only then is the payment taken.
    const staffContext = await browser.newContext({ ...PHONE, ...atShopTime('day') });
    const staffPage = await staffContext.newPage();
    await useToken(staffPage, await staffToken(request, PHARMACY[locale]));
    await staffPage.goto(staffPath(locale));
    const card = staffPage.getByRole('article', { name: fill(t.staff.order, { number: order.order_number }) });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText(own.prescriptionId).first()).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: t.staff.accept, exact: true }).click();
    await expect(card.getByRole('button', { name: t.staff.dispense, exact: true })).toBeVisible();
    await card.getByRole('button', { name: t.staff.dispense, exact: true }).click();
    await expect(card.getByRole('button', { name: t.staff.dispense, exact: true })).toHaveCount(0, { timeout: 15_000 });
    await staffContext.close();

    // The customer's order page: the prescription's lines are dispensed.
    await page.reload();
    const items = page.getByRole('region', { name: t.order.itemsHeading });
    for (const item of held.items) await expect(items.getByRole('listitem').filter({ hasText: item.name })).toContainText(t.order.prescriptionDispensed);
    await shot(page, items, `order-dispensed-${locale}`);
    expect((await api<OrderAnswer>(request, token, 'GET', `/api/v1/user/orders/${orderId}`)).status).toBe('paid');
    expect((await api<PrescriptionList>(request, token, 'GET', '/api/v1/user/prescriptions')).prescriptions.find((p) => p.prescriptionId === own.prescriptionId)?.status).toBe('dispensed');
  });
}
