import { expect, test } from '@playwright/test';
import { DEMO, LOCALES, shopPath, texts, waitForIsland } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

// axe (WCAG 2.1 A/AA) on every account screen, in both languages, once the island has rendered.
for (const locale of LOCALES) {
  const t = texts(locale);
  const screens = [
    { path: '/shop/login/', submit: t.screen.loginSubmit },
    { path: '/shop/phone-login/', submit: t.screen.phoneSend },
    { path: '/shop/register/', submit: t.screen.registerSubmit },
    { path: '/shop/forgot-password/', submit: t.screen.forgotSubmit },
    { path: '/shop/reset-password/', submit: t.screen.resetSubmit },
    { path: '/shop/verify-email/', submit: t.screen.verifySubmit },
  ];
  for (const screen of screens) {
    test(`${locale}: ${screen.path} has no axe violations, also when showing errors`, async ({ page }) => {
      await page.goto(shopPath(locale, screen.path));
      await waitForIsland(page, screen.submit);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: screen.submit, exact: true }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
      await expectNoAxeViolations(page);
    });
  }

  test(`${locale}: settings have no axe violations, also with the delete dialog open`, async ({ page, request }) => {
    const login = await request.post('/api/v1/user/login', { data: DEMO });
    const { token } = (await login.json()) as { token: string };
    await page.goto(shopPath(locale, '/shop/'));
    await page.evaluate((value) => localStorage.setItem('apobote.token', value), token);
    await page.goto(shopPath(locale, '/shop/settings/'));
    await expect(page.getByRole('region', { name: t.settings.preferencesHeading })).toBeVisible();
    // The address book is one click away from the settings.
    await expect(page.getByRole('region', { name: t.settings.addressesHeading }).getByRole('link', { name: t.settings.addressesLink })).toHaveAttribute(
      'href',
      shopPath(locale, '/shop/addresses/'),
    );
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.settings.deleteButton }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
