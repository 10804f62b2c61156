import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { backOfficeMessages } from '../../src/features/backoffice/i18n/messages';
import { translator } from '../../src/platform/i18n/messages';
import { callApi } from '../support/live-order';
import { useToken } from './checkout-flow';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN } from './support/ports';

// Runs in its own project after all others: the flag switches the whole shop. Its tests run one
// after the other, since each switches the same flag.
test.describe.configure({ mode: 'default' });
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

test('the operator switches maintenance on in the German remote-config screen, customers see the message, and resets it', async ({ page, browser, request }) => {
  const t = translator(backOfficeMessages, 'de');
  const message = 'Wir sind um 11 Uhr wieder für Sie da.';
  const { token } = await callApi<{ token: string }>(SHOP_ORIGIN, null, 'POST', '/v1/user/login', { email: 'operator@staff.apobote.de', password: 'apobote-operator' });
  await useToken(page, token);
  const customer = await browser.newPage();
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/de/pharmacy/config/');
    await expect(page.getByRole('heading', { level: 1, name: t('heading.config') })).toBeVisible();
    const entry = page.getByRole('region', { name: 'maintenance_mode_web' });
    await expect(entry.getByText('Ersetzt jede Shop-Seite durch die Wartungsseite')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // An emptied message is refused in the page language before anything is sent, as the server would.
    const german = entry.getByLabel('Nachricht auf Deutsch');
    await german.fill('');
    await entry.getByRole('button', { name: t('save') }).press('Enter');
    await expect(entry.getByText('Bitte füllen Sie alle Pflichtfelder aus.')).toBeVisible();
    await expect(german).toBeFocused();
    await expect(german).toHaveAttribute('aria-invalid', 'true');

    await german.fill(message);
    await entry.getByLabel('Wartungsseite an').check();
    await entry.getByRole('button', { name: t('save') }).press('Enter');
    await expect(entry.getByRole('status')).toHaveText(t('config.saved', { key: 'maintenance_mode_web' }));
    await expect(entry.getByText(t('config.lastChanged'))).toBeVisible();

    expect((await customer.goto('/de/shop/'))?.status()).toBe(503);
    await expect(customer.locator('#maintenance-message')).toHaveText(message);

    await entry.getByRole('button', { name: t('config.reset') }).click();
    await expect(entry.getByRole('status')).toHaveText(t('config.resetDone', { key: 'maintenance_mode_web' }));
    await expect(entry.getByLabel('Wartungsseite an')).not.toBeChecked();
    expect((await customer.goto('/de/shop/'))?.status()).toBe(200);
  } finally {
    await customer.close();
    await setMaintenance(request, { value: false });
  }
});
