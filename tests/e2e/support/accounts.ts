import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { commonMessages } from '../../../src/features/accounts/i18n/common';
import { screenMessages } from '../../../src/features/accounts/i18n/screens';
import { settingsMessages } from '../../../src/features/accounts/i18n/settings';
import { errorMessages } from '../../../src/platform/http/error-codes';

export type Locale = 'en' | 'de';
export const LOCALES: readonly Locale[] = ['en', 'de'];

/** The screens' own dictionaries, so assertions follow the texts users see in either language. */
export const texts = (locale: Locale) => ({
  common: commonMessages[locale],
  screen: screenMessages[locale],
  settings: settingsMessages[locale],
  errors: errorMessages[locale],
});

export const PASSWORD = 'e2e-Passwort-1';
export const ADULT_BIRTH_DATE = '1990-04-12';
export const DEMO = { email: 'demo@apobote.de', password: 'apobote-demo' } as const;

/** Unique per test and run; no '+' (the shop refuses it, spec §5). */
export function uniqueEmail(tag = 'e2e'): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A unique German mobile number in E.164 (+49 15x …), as the outbox addresses SMS. */
export function uniquePhone(): string {
  return `+49151${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export const shopPath = (locale: Locale, path: string) => (locale === 'de' ? `/de${path}` : path);

/** Registers through the API (for tests whose subject is something else); returns the token. */
export async function registerViaApi(request: APIRequestContext, email: string, locale: Locale = 'en'): Promise<string> {
  const response = await request.post('/api/v1/user/register', {
    data: { firstName: 'Erika', lastName: 'Mustermann', email, birthDate: ADULT_BIRTH_DATE, password: PASSWORD, confirmPassword: PASSWORD, locale },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** The §8 toast with this title (sonner renders each toast as [data-sonner-toast]). */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

/** Waits until the island has hydrated (its submit button is enabled only then). */
export async function waitForIsland(page: Page, submitName: string): Promise<void> {
  await expect(page.getByRole('button', { name: submitName, exact: true })).toBeEnabled();
}

export async function logInWithEmail(page: Page, locale: Locale, email: string, password: string): Promise<void> {
  const t = texts(locale);
  await waitForIsland(page, t.screen.loginSubmit);
  await page.getByLabel(t.common.email, { exact: true }).fill(email);
  await page.getByLabel(t.common.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.screen.loginSubmit, exact: true }).click();
}

export async function logOut(page: Page, locale: Locale): Promise<void> {
  await page.goto(locale === 'de' ? '/logout/?lang=de' : '/logout/');
  await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/')}$`));
  expect(await page.evaluate(() => localStorage.getItem('apobote.token'))).toBeNull();
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('apobote.token'));
}
