import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';

// Runs in its own project after all others: the flag switches the whole shop.
const setMaintenance = (request: APIRequestContext, value: object) =>
  request.put('/api/admin/v1/remote-config/maintenance_mode_web', {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: value,
  });

test('maintenance mode replaces every shop page with its message, in the page language, and goes away again', async ({ page, request }) => {
  const on = await setMaintenance(request, { value: true, en: 'We are tidying the shelves until 10:00.', de: 'Wir räumen bis 10:00 Uhr die Regale auf.' });
  expect(on.status()).toBe(200);
  try {
    const home = await page.goto('/shop/');
    expect(home?.status()).toBe(503);
    await expect(page.locator('#maintenance-message')).toHaveText('We are tidying the shelves until 10:00.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const product = await page.goto('/de/shop/category/vitamins/');
    expect(product?.status()).toBe(503);
    await expect(page.locator('#maintenance-message')).toHaveText('Wir räumen bis 10:00 Uhr die Regale auf.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The Impressum must stay reachable, and clients can still read the flag.
    expect((await page.goto('/legal/imprint/'))?.status()).toBe(200);
    expect(await (await request.get('/api/shop/v1/config')).json()).toMatchObject({ maintenance_mode_web: { value: true } });
  } finally {
    expect((await setMaintenance(request, { value: false })).status()).toBe(200);
  }
  const back = await page.goto('/shop/');
  expect(back?.status()).toBe(200);
  await expect(page.locator('#maintenance-message')).toHaveCount(0);
});
