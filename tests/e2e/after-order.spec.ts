import { expect, test, type APIRequestContext } from '@playwright/test';
import { afterOrderMessages } from '../../src/features/orders/i18n/after-order-messages';
import { expectNoAxeViolations } from './support/axe';
import { shopPath, toast, waitForIsland } from './support/accounts';
import { staffMessages } from '../../src/features/orders/i18n/staff-messages';
import { fill, placedOrder, PRODUCT, QUANTITY, shopper, staffPath, staffToken, texts, useToken } from './checkout-flow';

/*
 * After the order (issue 12): the history lists the order, its page shows the status history,
 * downloads the invoice named after the order number and puts the items into the cart again; after
 * a delivery the next visit asks for a rating in a dialog, operable by keyboard, and saves it.
 */

const PHARMACY = 'berlin-prenzlauer-berg';

async function staffSteps(request: APIRequestContext, orderId: string, steps: readonly string[]) {
  const staff = await staffToken(request, PHARMACY);
  for (const step of steps) {
    const response = await request.post(`/api/v1/pharmacy/orders/${orderId}/${step}`, { headers: { Authorization: `Bearer ${staff}` }, data: {} });
    expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
  }
}

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: history → detail → invoice → order again`, async ({ page, request }) => {
    const a = afterOrderMessages[locale];
    const t = texts(locale);
    const token = await shopper(request, locale, 'history', PHARMACY);
    const order = await placedOrder(request, token, locale);
    await staffSteps(request, order.id, ['accept']);
    await useToken(page, token);

    await page.goto(shopPath(locale, '/shop/orders/'));
    const link = page.getByRole('link', { name: fill(t.order.listOrder, { number: order.order_number }) });
    await expect(link).toBeVisible();
    await expect(page.getByText(a.listCountOne)).toBeVisible();
    await expect(page.getByText(t.labels['label.paid'])).toBeVisible();
    await expectNoAxeViolations(page);

    await link.click();
    await expect(page.getByRole('heading', { name: a.historyHeading })).toBeVisible();
    const history = page.getByRole('region', { name: a.historyHeading });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText(t.labels['label.order_taken']);
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: a.invoiceDownload }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(locale === 'de' ? `Rechnung-${order.order_number}.pdf` : `invoice-${order.order_number}.pdf`);

    await page.getByRole('button', { name: a.againButton, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(a.againAdded, { items: fill(a.againItem, { quantity: QUANTITY, name: PRODUCT.name }) }) })).toBeVisible();
    await expect(page.getByRole('link', { name: a.againToCart })).toBeVisible();
  });

  test(`${locale}: after a delivery the next visit asks for a rating, which is saved`, async ({ page, request }) => {
    const a = afterOrderMessages[locale];
    const token = await shopper(request, locale, 'rating', PHARMACY);
    const order = await placedOrder(request, token, locale);
    await staffSteps(request, order.id, ['accept', 'check', 'pack', 'pickup', 'deliver']);
    await useToken(page, token);

    // The next visit may start anywhere in the shop, here on a category page.
    await page.goto(shopPath(locale, '/shop/category/vitamins/'));
    const dialog = page.getByRole('dialog', { name: fill(a.promptTitle, { number: order.order_number }) });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    // Without stars the form says what is missing.
    await dialog.getByRole('button', { name: a.ratingSubmit }).click();
    await expect(dialog.getByRole('alert')).toHaveText(a.ratingChooseStars);

    // Stars by keyboard: the group is one stop, the arrow keys choose.
    await dialog.getByRole('radio', { name: fill(a.star, { count: 1 }) }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: fill(a.stars, { count: 4 }) })).toBeChecked();
    await dialog.getByLabel(a.commentLabel).fill(locale === 'de' ? 'Schnell und freundlich' : 'Quick and friendly');
    await dialog.getByRole('button', { name: a.ratingSubmit }).click();
    await expect(toast(page, a.ratingThanks)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto(`${shopPath(locale, '/shop/orders/view/')}?id=${encodeURIComponent(order.id)}`);
    await expect(page.getByText(fill(a.ratingGiven, { stars: 4 }))).toBeVisible();
    const pending = await request.get('/api/v1/user/orders/pending-feedback', { headers: { Authorization: `Bearer ${token}` } });
    expect(await pending.json()).toEqual({ order: null });

    // The pharmacy's staff see the rating on the order.
    const staff = await staffToken(request, PHARMACY);
    await page.evaluate((value) => localStorage.setItem('apobote.token', value), staff);
    await page.goto(staffPath(locale));
    const card = page.getByRole('article').filter({ hasText: order.order_number });
    await expect(card.getByText(fill(staffMessages[locale].ratingStars, { stars: 4 }))).toBeVisible();
  });
}

test('de: "do not ask again" dismisses the rating dialog for good', async ({ page, request }) => {
  const a = afterOrderMessages.de;
  const token = await shopper(request, 'de', 'dismiss', PHARMACY);
  const order = await placedOrder(request, token, 'de');
  await staffSteps(request, order.id, ['accept', 'check', 'pack', 'pickup', 'deliver']);
  await useToken(page, token);
  await page.goto('/de/shop/orders/');
  const dialog = page.getByRole('dialog', { name: fill(a.promptTitle, { number: order.order_number }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: a.promptNever }).click();
  await expect(dialog).toBeHidden();
  const pending = await request.get('/api/v1/user/orders/pending-feedback', { headers: { Authorization: `Bearer ${token}` } });
  expect(await pending.json()).toEqual({ order: null });
});

test('en: general feedback from the account menu says thank you', async ({ page, request }) => {
  const a = afterOrderMessages.en;
  const token = await shopper(request, 'en', 'feedback', PHARMACY);
  await useToken(page, token);
  await page.goto('/shop/feedback/');
  await waitForIsland(page, a.feedbackSubmit);
  await page.getByLabel(a.feedbackLabel, { exact: true }).fill('More organic products, please.');
  await page.getByRole('button', { name: a.feedbackSubmit }).click();
  await expect(toast(page, 'Thank you, we received your feedback')).toBeVisible();
  await expectNoAxeViolations(page);
});
