import { expect, test } from '@playwright/test';
import { ADULT_BIRTH_DATE, LOCALES, logInWithEmail, logOut, PASSWORD, shopPath, storedToken, texts, toast, uniqueEmail, waitForIsland } from './support/accounts';
import { nextCode } from './support/outbox';

// Issue 3: register -> verify e-mail with the code from the outbox -> log out -> log in ->
// change password -> log in with the new one, in English and German.
for (const locale of LOCALES) {
  test(`${locale}: register, verify, log out, log in, change password, log in with the new one`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    const email = uniqueEmail(`life-${locale}`);
    const newPassword = `${PASSWORD}-neu`;

    await page.goto(shopPath(locale, '/shop/register/'));
    await waitForIsland(page, t.screen.registerSubmit);
    await page.getByLabel(t.common.firstName, { exact: true }).fill('Erika');
    await page.getByLabel(t.common.email, { exact: true }).fill(email);
    await page.getByLabel(t.common.birthDate, { exact: true }).fill(ADULT_BIRTH_DATE);
    await page.getByLabel(t.common.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(t.common.confirmPassword, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.screen.registerSubmit }).click();

    // Registered and logged in at once; the verification code is in the outbox.
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/verify-email/')}\\?`));
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
    const code = await nextCode(request, email);
    await waitForIsland(page, t.screen.verifySubmit);
    await page.getByLabel(t.common.code, { exact: true }).fill(code);
    await page.getByRole('button', { name: t.screen.verifySubmit }).click();
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/settings')}/?$`));
    await expect(toast(page, t.common.emailVerified)).toBeVisible();
    await expect(page.getByText(t.settings.emailVerifiedBadge, { exact: true })).toBeVisible();

    // Logging out revokes the token at the API, not only in this browser.
    const token = await storedToken(page);
    await logOut(page, locale);
    const revoked = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(401);

    await page.goto(shopPath(locale, '/shop/login/'));
    await logInWithEmail(page, locale, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/')}$`));
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.profile') ?? 'null')?.email)).toBe(email);

    await page.goto(shopPath(locale, '/shop/settings/'));
    const section = page.getByRole('region', { name: t.settings.passwordHeading });
    await section.getByLabel(t.settings.oldPassword, { exact: true }).fill(PASSWORD);
    await section.getByLabel(t.common.newPassword, { exact: true }).fill(newPassword);
    await section.getByLabel(t.common.confirmPassword, { exact: true }).fill(newPassword);
    await section.getByRole('button', { name: t.settings.passwordSubmit }).click();
    await expect(toast(page, t.common.passwordUpdated)).toBeVisible();

    await logOut(page, locale);
    await page.goto(shopPath(locale, '/shop/login/'));
    await logInWithEmail(page, locale, email, PASSWORD);
    await expect(toast(page, t.common.loginFailed)).toContainText(t.errors.INCORRECT_PASSWORD);
    // The error sits next to the field and what was typed stays.
    const passwordField = page.getByLabel(t.common.password, { exact: true });
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField).toBeFocused();
    await expect(page.getByLabel(t.common.email, { exact: true })).toHaveValue(email);

    await passwordField.fill(newPassword);
    await page.getByRole('button', { name: t.screen.loginSubmit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/')}$`));
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
  });
}

test('registration checks the rules in the browser and keeps what was typed', async ({ page }) => {
  const t = texts('en');
  // The form checks with the browser's clock, fixed here at 31 December 2026, 23:30 in Berlin:
  // someone born on 1 January 2009 turns 18 only tomorrow.
  await page.clock.setFixedTime(new Date('2026-12-31T22:30:00Z'));
  await page.goto('/shop/register/');
  await waitForIsland(page, t.screen.registerSubmit);
  await page.getByLabel(t.common.firstName, { exact: true }).fill('Tim');
  await page.getByLabel(t.common.email, { exact: true }).fill('tim+shop@example.com');
  await page.getByLabel(t.common.birthDate, { exact: true }).fill('2009-01-01');
  await page.getByLabel(t.common.password, { exact: true }).fill('short');
  await page.getByLabel(t.common.confirmPassword, { exact: true }).fill('different');
  await page.getByRole('button', { name: t.screen.registerSubmit }).click();

  const email = page.getByLabel(t.common.email, { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#register-email-error')).toHaveText(t.errors.INVALID_EMAIL);
  await expect(page.locator('#register-birth-date-error')).toHaveText(t.errors.AGE_BELOW_MINIMUM_CRITERIA);
  await expect(page.locator('#register-password-error')).toHaveText(t.errors.INVALID_PASSWORD_LENGTH);
  await expect(page.locator('#register-confirm-error')).toHaveText(t.errors.PASSWORD_MISMATCH);
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(email).toHaveValue('tim+shop@example.com');
  await expect(page.getByLabel(t.common.firstName, { exact: true })).toHaveValue('Tim');
});

test('de: a duplicate e-mail is refused by the server next to the field with the §8 toast', async ({ page, request }) => {
  const t = texts('de');
  const email = uniqueEmail('dup');
  const first = await request.post('/api/v1/user/register', {
    data: { firstName: 'Erika', email, birthDate: ADULT_BIRTH_DATE, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(first.status()).toBe(201);
  await page.goto('/de/shop/register/');
  await waitForIsland(page, t.screen.registerSubmit);
  await page.getByLabel(t.common.firstName, { exact: true }).fill('Erika');
  await page.getByLabel(t.common.email, { exact: true }).fill(email.toUpperCase());
  await page.getByLabel(t.common.birthDate, { exact: true }).fill(ADULT_BIRTH_DATE);
  await page.getByLabel(t.common.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.common.confirmPassword, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.screen.registerSubmit }).click();
  await expect(toast(page, t.common.registrationFailed)).toContainText(t.errors.DUPLICATE_EMAIL);
  await expect(page.locator('#register-email-error')).toHaveText(t.errors.DUPLICATE_EMAIL);
  await expect(page.getByLabel(t.common.email, { exact: true })).toBeFocused();
});
