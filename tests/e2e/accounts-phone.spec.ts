import { expect, test } from '@playwright/test';
import { LOCALES, registerViaApi, shopPath, texts, toast, uniqueEmail, uniquePhone, waitForIsland } from './support/accounts';
import { nextCode, outboxMark } from './support/outbox';

// Confirm a phone number in the settings (SMS code from the outbox), then log in with it.
for (const locale of LOCALES) {
  test(`${locale}: confirm a phone number in the settings, then log in with a texted code`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const t = texts(locale);
    const email = uniqueEmail(`phone-${locale}`);
    const phone = uniquePhone();
    const token = await registerViaApi(request, email, locale);

    await page.goto(shopPath(locale, '/shop/'));
    await page.evaluate((value) => localStorage.setItem('apobote.token', value), token);
    await page.goto(shopPath(locale, '/shop/settings/'));
    const section = page.getByRole('region', { name: t.settings.phoneHeading });
    await section.getByLabel(t.common.phone, { exact: true }).fill(phone);
    await section.getByRole('button', { name: t.settings.phoneSend }).click();
    const confirmCode = await nextCode(request, phone);
    const codeField = section.getByLabel(t.common.code, { exact: true });
    await expect(codeField).toBeFocused();
    await codeField.fill(confirmCode);
    await section.getByRole('button', { name: t.settings.phoneConfirm }).click();
    await expect(section.getByText(t.settings.phoneConfirmed, { exact: true })).toBeVisible();

    await page.goto(locale === 'de' ? '/logout/?lang=de' : '/logout/');
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/')}$`));

    await page.goto(shopPath(locale, '/shop/login/'));
    await waitForIsland(page, t.screen.loginSubmit);
    await page.getByRole('link', { name: t.screen.phoneLoginLink }).click();
    await waitForIsland(page, t.screen.phoneSend);
    const mark = await outboxMark(request, phone);
    await page.getByLabel(t.common.phone, { exact: true }).fill(phone.replace('+49', '0'));
    await page.getByRole('button', { name: t.screen.phoneSend }).click();
    const loginCode = await nextCode(request, phone, mark);

    // A wrong code first: the error sits at the code field and the toast says "Login failed".
    const wrong = loginCode === '000000' ? '111111' : '000000';
    await page.getByLabel(t.common.code, { exact: true }).fill(wrong);
    await page.getByRole('button', { name: t.screen.phoneVerify, exact: true }).click();
    await expect(toast(page, t.common.loginFailed)).toBeVisible();
    await expect(page.getByLabel(t.common.code, { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel(t.common.code, { exact: true }).fill(loginCode);
    await page.getByRole('button', { name: t.screen.phoneVerify, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/')}$`));
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
  });
}
