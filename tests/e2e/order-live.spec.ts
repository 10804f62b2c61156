import { expect, test, type Page } from '@playwright/test';
import { orderTarget, placeOrder, registerCustomer, staffAction, staffLogin } from '../support/live-order';
import { afterOrderMessages } from '../../src/features/orders/i18n/after-order-messages';
import { fill, texts, useToken } from './checkout-flow';
import type { Locale } from './support/accounts';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * The order page follows its order live (issue 12's real-time platform): the pharmacy's answer
 * arrives through the event stream; where no stream can be held, the page polls the status.
 */

const viewPath = (locale: Locale, id: string) => `${locale === 'de' ? '/de' : ''}/shop/orders/view/?id=${encodeURIComponent(id)}`;
const status = (page: Page, label: string) => page.getByRole('definition').filter({ hasText: new RegExp(`^${label}$`) });

async function pendingOrder(tag: string) {
  const target = await orderTarget();
  const customer = await registerCustomer(ORIGIN, tag);
  const order = await placeOrder(ORIGIN, customer.token, target);
  return { target, customer, order };
}

test('en: with status polling cut off, the acceptance reaches the open order page through the stream', async ({ page }) => {
  test.setTimeout(60_000);
  const t = texts('en');
  const { target, customer, order } = await pendingOrder('live-stream');
  await useToken(page, customer.token);
  // Only the stream can tell the page now.
  await page.route('**/api/v1/user/orders/*/status', (route) => route.abort());
  const streamOpened = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/realtime/stream');
  await page.goto(viewPath('en', order.id));
  await expect(status(page, t.labels['label.order_taken'])).toBeVisible();
  await streamOpened;
  const history = page.getByRole('region', { name: afterOrderMessages.en.historyHeading });
  await expect(history.getByRole('listitem')).toHaveCount(1);

  await staffAction(ORIGIN, await staffLogin(ORIGIN, target.pharmacyId), order.id, 'accept');
  await expect(status(page, t.labels['label.paid'])).toBeVisible();
  // Announced to screen readers too.
  await expect(page.getByRole('status').filter({ hasText: fill(t.order.statusChanged, { status: t.labels['label.paid'] }) })).toHaveCount(1);
  // The details below follow on the same stream: the new step in the history, the invoice to download.
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: afterOrderMessages.en.invoiceDownload })).toBeVisible();
});

test('de: where no stream can be held, the page polls the status and still learns the answer', async ({ page }) => {
  test.setTimeout(60_000);
  const t = texts('de');
  const { target, customer, order } = await pendingOrder('live-poll');
  await useToken(page, customer.token);
  await page.route('**/api/v1/realtime/**', (route) => route.abort());
  const polled = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/v1/user/orders/${order.id}/status`);
  await page.goto(viewPath('de', order.id));
  await expect(status(page, t.labels['label.order_taken'])).toBeVisible();

  await staffAction(ORIGIN, await staffLogin(ORIGIN, target.pharmacyId), order.id, 'accept');
  await polled;
  await expect(status(page, t.labels['label.paid'])).toBeVisible({ timeout: 15_000 });
});
