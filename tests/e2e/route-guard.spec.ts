import { expect, test } from '@playwright/test';
import { shellMessages } from '../../src/ui/layout/messages';
import { registerViaApi, uniqueEmail } from './support/accounts';

const { en, de } = shellMessages;

test('a protected page without a token sends the visitor to login with the path as redirect', async ({ page }) => {
  await page.goto('/shop/orders/');
  await expect(page).toHaveURL(/\/shop\/login\/?\?redirect=%2Forders(%2F)?$/);

  await page.goto('/de/shop/favorites/');
  await expect(page).toHaveURL(/\/de\/shop\/login\/?\?redirect=%2Ffavorites(%2F)?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('with a stored token the protected page stays and the menu shows the logged-in items', async ({ page, request }) => {
  // A real session: the orders page loads the customer's orders, and a token the server refuses logs out.
  const token = await registerViaApi(request, uniqueEmail('guard'));
  await page.addInitScript((value) => localStorage.setItem('apobote.token', value), token);
  await page.goto('/shop/orders/');
  await expect(page).toHaveURL(/\/shop\/orders\/?$/);
  await page.locator('details.account summary').click();
  const menu = page.getByRole('navigation', { name: en.accountMenuLabel });
  for (const item of [en.referFriend, en.coupons, en.favorites, en.orders, en.settings, en.logOut]) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: en.logIn })).toBeHidden();
});

test('logged out, the account menu offers only sign up and log in', async ({ page }) => {
  await page.goto('/de/shop/');
  await page.locator('details.account summary').click();
  const menu = page.getByRole('navigation', { name: de.accountMenuLabel });
  await expect(menu.getByRole('link').filter({ visible: true })).toHaveText([de.logIn, de.signUp]);
});
