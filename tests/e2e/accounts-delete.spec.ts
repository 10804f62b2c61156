import { expect, test } from '@playwright/test';
import { ADULT_BIRTH_DATE, LOCALES, logInWithEmail, PASSWORD, registerViaApi, shopPath, texts, toast, uniqueEmail, waitForIsland } from './support/accounts';

// Delete the account -> login fails -> the same e-mail can register again.
for (const locale of LOCALES) {
  test(`${locale}: delete the account behind a confirmation, then register again with the same e-mail`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const t = texts(locale);
    const email = uniqueEmail(`delete-${locale}`);
    await registerViaApi(request, email, locale);

    await page.goto(shopPath(locale, '/shop/login/?redirect=%2Fsettings'));
    await logInWithEmail(page, locale, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/settings')}/?$`));

    const section = page.getByRole('region', { name: t.settings.deleteHeading });
    await section.getByRole('button', { name: t.settings.deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: t.settings.deleteDialogTitle });
    await expect(dialog).toBeVisible();
    // Cancelling keeps the account.
    await dialog.getByRole('button', { name: t.settings.cancel }).click();
    await expect(dialog).toBeHidden();
    await section.getByRole('button', { name: t.settings.deleteButton }).click();
    await dialog.getByRole('button', { name: t.settings.deleteConfirm }).click();

    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/login/')}$`));
    await expect(toast(page, t.common.accountDeleted)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('apobote.token'))).toBeNull();
    await expect(page.locator('html')).not.toHaveAttribute('data-auth', 'in');

    await logInWithEmail(page, locale, email, PASSWORD);
    await expect(toast(page, t.common.loginFailed)).toContainText(t.errors.USER_NOT_FOUND);

    await page.goto(shopPath(locale, '/shop/register/'));
    await waitForIsland(page, t.screen.registerSubmit);
    await page.getByLabel(t.common.firstName, { exact: true }).fill('Erika');
    await page.getByLabel(t.common.email, { exact: true }).fill(email);
    await page.getByLabel(t.common.birthDate, { exact: true }).fill(ADULT_BIRTH_DATE);
    await page.getByLabel(t.common.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(t.common.confirmPassword, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.screen.registerSubmit }).click();
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/verify-email/')}\\?`));
  });
}
