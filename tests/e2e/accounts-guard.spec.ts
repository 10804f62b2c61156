import { expect, test } from '@playwright/test';
import { DEMO, logInWithEmail, texts } from './support/accounts';

// A protected page -> login -> back to that page (the guard's redirect parameter), both languages.
test('en: /shop/settings sends a visitor to login and back to the settings afterwards', async ({ page }) => {
  await page.goto('/shop/settings/');
  await expect(page).toHaveURL(/\/shop\/login\/?\?redirect=%2Fsettings/);
  await logInWithEmail(page, 'en', DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/shop\/settings\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: texts('en').settings.title })).toBeVisible();
  await expect(page.getByRole('textbox', { name: texts('en').common.firstName, exact: true })).toHaveValue('Demo');
});

test('de: /de/shop/orders sends a visitor to login and back to the orders afterwards', async ({ page }) => {
  await page.goto('/de/shop/orders/');
  await expect(page).toHaveURL(/\/de\/shop\/login\/?\?redirect=%2Forders/);
  await logInWithEmail(page, 'de', DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/de\/shop\/orders\/?$/);
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
});

test('a redirect parameter pointing elsewhere is ignored', async ({ page }) => {
  await page.goto('/shop/login/?redirect=%2F%2Fevil.example%2F');
  await logInWithEmail(page, 'en', DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/shop\/$/);
});

test('a revoked token on a protected page leads back to login', async ({ page }) => {
  await page.goto('/shop/');
  await page.evaluate(() => localStorage.setItem('apobote.token', 'no-longer-valid'));
  await page.goto('/shop/settings/');
  await expect(page).toHaveURL(/\/shop\/login\/?\?redirect=%2Fsettings/);
  expect(await page.evaluate(() => localStorage.getItem('apobote.token'))).toBeNull();
});
