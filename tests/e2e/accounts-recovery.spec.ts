import { expect, test } from '@playwright/test';
import { logInWithEmail, PASSWORD, registerViaApi, texts, toast, uniqueEmail, waitForIsland } from './support/accounts';
import { nextCode } from './support/outbox';

test('en: forgot password -> code from the outbox -> new password -> log in with it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const t = texts('en');
  const email = uniqueEmail('reset');
  await registerViaApi(request, email);

  await page.goto('/shop/login/');
  await waitForIsland(page, t.screen.loginSubmit);
  await page.getByRole('link', { name: t.screen.forgotLink }).click();
  await waitForIsland(page, t.screen.forgotSubmit);
  await page.getByLabel(t.common.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: t.screen.forgotSubmit }).click();
  await expect(page).toHaveURL(/\/shop\/reset-password\/\?email=/);
  await expect(toast(page, t.common.resetEmailSent)).toBeVisible();

  // The newest message is the reset code (the verification mail came first).
  const mails = await request.get('/api/dev/outbox', { params: { to: email } });
  const verifyId = Math.min(...((await mails.json()) as { items: { id: number }[] }).items.map((item) => item.id));
  const code = await nextCode(request, email, verifyId);
  await waitForIsland(page, t.screen.resetSubmit);
  await expect(page.getByLabel(t.common.email, { exact: true })).toHaveValue(email);
  await page.getByLabel(t.common.code, { exact: true }).fill(code);
  await page.getByLabel(t.common.newPassword, { exact: true }).fill('a-brand-new-pass');
  await page.getByLabel(t.common.confirmPassword, { exact: true }).fill('a-brand-new-pass');
  await page.getByRole('button', { name: t.screen.resetSubmit }).click();
  await expect(page).toHaveURL(/\/shop\/login\/\?email=/);
  await expect(toast(page, t.common.passwordReset)).toBeVisible();

  await logInWithEmail(page, 'en', email, 'a-brand-new-pass');
  await expect(page).toHaveURL(/\/shop\/$/);
  expect(PASSWORD).not.toBe('a-brand-new-pass');
});

test('de: forgot password for an unknown address says "Reset Password failed" with the not-found text', async ({ page }) => {
  const t = texts('de');
  await page.goto('/de/shop/forgot-password/');
  await waitForIsland(page, t.screen.forgotSubmit);
  await page.getByLabel(t.common.email, { exact: true }).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: t.screen.forgotSubmit }).click();
  await expect(toast(page, t.common.resetFailed)).toContainText(t.errors.ACCOUNT_NOT_FOUND);
  await expect(page.getByLabel(t.common.email, { exact: true })).toHaveAttribute('aria-invalid', 'true');
});
