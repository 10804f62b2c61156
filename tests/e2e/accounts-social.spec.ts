import { expect, test, type Page } from '@playwright/test';
import { ADULT_BIRTH_DATE, shopPath, texts, toast, uniqueEmail, waitForIsland } from './support/accounts';
import { mintForAuthorize, mintIdToken, registerFacebookToken, SOCIAL_CLIENT_IDS } from './support/issuer';

/**
 * The test plays the provider: the button's redirect to Google/Apple/Facebook is intercepted, the
 * request's parameters are checked, and the browser is sent back to the callback with a token from
 * the local test issuer (which the shop verifies against the issuer's keys or Graph endpoint). ID
 * tokens carry the nonce of the intercepted redirect, as Google's and Apple's do.
 */
async function actAsProvider(page: Page, pattern: string, answer: (authorize: URL) => Promise<string>): Promise<void> {
  await page.route(pattern, async (route) => {
    const authorize = new URL(route.request().url());
    const fragment = await answer(authorize);
    const callback = `${authorize.searchParams.get('redirect_uri')}#${fragment}`;
    await route.fulfill({ status: 302, headers: { location: callback } });
  });
}

test('en: Sign in with Google creates an account after asking for the birth date, then returns to the protected page', async ({ page, request }) => {
  const t = texts('en');
  const email = uniqueEmail('google');
  let issued: { idToken: string; nonce: string } | null = null;
  await actAsProvider(page, 'https://accounts.google.com/**', async (authorize) => {
    expect(authorize.searchParams.get('client_id')).toBe(SOCIAL_CLIENT_IDS.google);
    expect(authorize.searchParams.get('response_type')).toBe('id_token');
    // Google gets the raw nonce.
    expect(authorize.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
    const idToken = await mintForAuthorize(request, authorize, {
      sub: `g-${Date.now()}`,
      aud: SOCIAL_CLIENT_IDS.google,
      email,
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Gold',
    });
    issued = { idToken, nonce: authorize.searchParams.get('nonce') ?? '' };
    return new URLSearchParams({ id_token: idToken, state: authorize.searchParams.get('state') ?? '' }).toString();
  });

  await page.goto('/shop/settings/');
  await expect(page).toHaveURL(/\/shop\/login\/?\?redirect=%2Fsettings/);
  await waitForIsland(page, t.screen.loginSubmit);
  await page.getByRole('button', { name: t.screen.socialGoogle }).click();

  await expect(page).toHaveURL(/\/shop\/login\/callback\/$/);
  await page.getByLabel(t.common.birthDate, { exact: true }).fill(ADULT_BIRTH_DATE);
  await page.getByRole('button', { name: t.screen.callbackContinue }).click();
  await expect(page).toHaveURL(/\/shop\/settings\/?$/);
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: t.common.firstName, exact: true })).toHaveValue('Gina');
  // The nonce was used up with the sign-in: nothing left in the tab's storage.
  expect(await page.evaluate(() => sessionStorage.getItem('apobote.oauth'))).toBeNull();
  // The same ID token (even with its nonce) does not sign in a second time.
  expect(issued).not.toBeNull();
  const replay = await request.post('/api/v1/user/auth/google', { data: issued });
  expect(replay.status()).toBe(401);
  expect(((await replay.json()) as { code: string }).code).toBe('SOCIAL_TOKEN_INVALID');
});

test('de: Mit Facebook anmelden signs an adult in directly', async ({ page, request }) => {
  const t = texts('de');
  const email = uniqueEmail('facebook');
  const accessToken = `fb-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await registerFacebookToken(request, accessToken, { id: `fb-${Date.now()}`, name: 'Frida Falk', first_name: 'Frida', last_name: 'Falk', email, age_range: { min: 21 } });
  await actAsProvider(page, 'https://www.facebook.com/**', async (authorize) => {
    expect(authorize.searchParams.get('client_id')).toBe(SOCIAL_CLIENT_IDS.facebook);
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/de\/shop\/login\/callback\/$/);
    return new URLSearchParams({ access_token: accessToken, state: authorize.searchParams.get('state') ?? '' }).toString();
  });

  await page.goto('/de/shop/login/');
  await waitForIsland(page, t.screen.loginSubmit);
  await page.getByRole('button', { name: t.screen.socialFacebook }).click();
  await expect(page).toHaveURL(/\/de\/shop\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.profile') ?? 'null')?.email)).toBe(email);
});

test('en: Sign in with Apple links to the existing account with the same verified e-mail', async ({ page, request }) => {
  const t = texts('en');
  const email = uniqueEmail('apple');
  const registered = await request.post('/api/v1/user/register', {
    data: { firstName: 'Anna', email, birthDate: ADULT_BIRTH_DATE, password: 'apple-linked-1', confirmPassword: 'apple-linked-1' },
  });
  expect(registered.status()).toBe(201);
  await actAsProvider(page, 'https://appleid.apple.com/**', async (authorize) => {
    expect(authorize.searchParams.get('response_mode')).toBe('fragment');
    // Apple gets the SHA-256 (hex) of the raw nonce, and its tokens have no jti.
    expect(authorize.searchParams.get('nonce')).toMatch(/^[0-9a-f]{64}$/);
    const idToken = await mintForAuthorize(request, authorize, { sub: `a-${Date.now()}`, aud: SOCIAL_CLIENT_IDS.apple, email, email_verified: 'true', jti: null });
    return new URLSearchParams({ id_token: idToken, state: authorize.searchParams.get('state') ?? '' }).toString();
  });
  await page.goto(shopPath('en', '/shop/login/'));
  await waitForIsland(page, t.screen.loginSubmit);
  await page.getByRole('button', { name: t.screen.socialApple }).click();
  await expect(page).toHaveURL(/\/shop\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
});

test('a forged callback (no sign-in started here) fails with "Login failed" and the generic message', async ({ page, request }) => {
  const t = texts('en');
  const idToken = await mintIdToken(request, { sub: 'forged', aud: SOCIAL_CLIENT_IDS.google, email: uniqueEmail('forged'), email_verified: true });
  await page.goto(`/shop/login/callback/#id_token=${idToken}&state=guessed`);
  await expect(toast(page, t.common.loginFailed)).toContainText(t.errors.GENERIC_ERROR);
  await expect(page.getByRole('alert')).toHaveText(t.screen.callbackFailed);
  // The token does not stay in the address bar.
  expect(new URL(page.url()).hash).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('apobote.token'))).toBeNull();
});
