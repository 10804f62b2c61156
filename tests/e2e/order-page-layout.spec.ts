import { expect, test } from '@playwright/test';
import { trackingMessages } from '../../src/features/delivery/i18n/tracking-messages';
import { orderTarget, placeOrder, registerCustomer } from '../support/live-order';
import { useToken } from './checkout-flow';
import { INVISIBLE_SHIFT, recordedShifts, recordLayoutShifts, totalShift } from './support/layout-shifts';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * Issue 30 (Lighthouse CLS on the order page): the tracking screen sits above the order. Drawn by
 * separate islands, each after its own request, the tracking arrived after the order and pushed
 * it down (Lighthouse CLS 0.38). One island, one request: they appear together.
 */
for (const locale of ['en', 'de'] as const) {
  test(`${locale}: the order page reads the order once for all of it and shows tracking and order together, moving nothing`, async ({ page }) => {
    const customer = await registerCustomer(ORIGIN, `layout-${locale}`);
    const order = await placeOrder(ORIGIN, customer.token, await orderTarget());
    await useToken(page, customer.token);
    await recordLayoutShifts(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/user/orders/${order.id}`) reads.push(request.url());
    });
    await page.goto(`${locale === 'de' ? '/de' : ''}/shop/orders/view/?id=${encodeURIComponent(order.id)}`);
    await expect(page.getByRole('heading', { name: trackingMessages[locale].heading })).toBeVisible();
    await expect(page.locator('#order-items')).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await recordedShifts(page);
    // The old page moved by 0.38 (Lighthouse) as its parts arrived one by one.
    expect(totalShift(shifts), JSON.stringify(shifts)).toBeLessThan(INVISIBLE_SHIFT);
    // One read for the view and the tracking at load (three islands read it once each before), and
    // the tracking's one re-read when its event stream is open (what changed in between).
    await expect.poll(() => reads.length).toBe(2);
  });
}
