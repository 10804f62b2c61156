import { expect, test } from '@playwright/test';
import { cancelOrderMessages } from '../../src/features/orders/i18n/cancel-messages';
import { expectNoAxeViolations } from './support/axe';
import { fill, placedOrder, shopper, staffToken, texts, useToken } from './checkout-flow';

/*
 * Until the pharmacy accepts, an order is an offer the customer may withdraw (issue 14): "Cancel
 * order" on the order page asks first, then releases everything; once accepted the button is gone.
 */

const PHARMACY = 'berlin-kreuzberg';
const orderPage = (locale: 'en' | 'de', id: string) => `${locale === 'de' ? '/de' : ''}/shop/orders/view/?id=${encodeURIComponent(id)}`;

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: the customer cancels an order the pharmacy has not accepted yet`, async ({ page, request }) => {
    const t = texts(locale);
    const c = cancelOrderMessages[locale];
    const token = await shopper(request, locale, 'cancel', PHARMACY);
    const order = await placedOrder(request, token, locale);
    await useToken(page, token);
    await page.goto(orderPage(locale, order.id));

    const open = page.getByRole('button', { name: c.open });
    await open.click();
    const dialog = page.getByRole('dialog', { name: fill(c.title, { number: order.order_number }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: c.keep })).toBeFocused();
    await expectNoAxeViolations(page);
    // Escape keeps the order and gives the focus back.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await dialog.getByRole('button', { name: c.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: t.labels['label.cancelled'] })).toBeVisible();
    await expect(page.getByText(t.order.cancelledBody)).toBeVisible();
    await expect(page.getByText(t.order['payment.released'])).toBeVisible();
    await expect(open).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('en: once the pharmacy has accepted, the order page offers no cancellation', async ({ page, request }) => {
  const token = await shopper(request, 'en', 'accepted', PHARMACY);
  const order = await placedOrder(request, token, 'en');
  const staff = await staffToken(request, PHARMACY);
  const accepted = await request.post(`/api/v1/pharmacy/orders/${order.id}/accept`, { headers: { Authorization: `Bearer ${staff}` }, data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await useToken(page, token);
  await page.goto(orderPage('en', order.id));
  await expect(page.getByRole('heading', { name: texts('en').labels['label.paid'] })).toBeVisible();
  await expect(page.getByRole('button', { name: cancelOrderMessages.en.open })).toHaveCount(0);
});
