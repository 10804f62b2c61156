import { mkdirSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { coPaymentPerPackCents, formatPrescriptionId, prescriptionCheckDigits } from '../../src/features/prescriptions/client';
import { redeemPageMessages } from '../../src/features/prescriptions/i18n/redeem-messages';
import { redeemScreenMessages } from '../../src/features/prescriptions/i18n/redeem-screen-messages';
import { scannerMessages } from '../../src/features/prescriptions/i18n/scanner-messages';
import { catalogMessages } from '../../src/features/catalog/i18n/messages';
import { shellMessages } from '../../src/ui/layout/messages';
import { TEST_PRESCRIPTION_TOKENS } from '../../src/platform/prescriptions/client';
import { errorMessages } from '../../src/platform/http/error-codes';
import { formatPrice } from '../../src/platform/i18n/format';
import { dataMatrixPng, eRezeptText } from '../support/data-matrix';
import { expectNoAxeViolations } from './support/axe';
import { api, BERLIN, shopper, useToken } from './checkout-flow';
import { prescription, productPath } from './catalog-data';

/*
 * The E-Rezept redeem screen (issue 29) on a phone, in both languages, against the built-in
 * stand-in of the pharmacy's prescription system: a printout's code uploaded as a photo, a typed
 * token with a wrong check digit (refused under its field without a request), a test token the
 * stand-in answers "already redeemed", giving a prescription back, and axe on each state.
 */

type Locale = 'en' | 'de';
const LOCALES: readonly Locale[] = ['en', 'de'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const SHOTS = process.env.ERX_SHOTS_DIR;

test.use(PHONE);

const redeemPath = (locale: Locale) => `${locale === 'de' ? '/de' : ''}/shop/prescriptions/redeem/`;
const texts = (locale: Locale) => ({
  page: redeemPageMessages[locale],
  screen: redeemScreenMessages[locale],
  scanner: scannerMessages[locale],
  errors: errorMessages[locale],
});
const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key]));

/** A statutory token of our own: a random PrescriptionID with its MOD 97-10 check digits and a random access code. */
function ownToken(): { prescriptionId: string; accessCode: string } {
  const first15 = `160${String(randomInt(0, 1e6)).padStart(6, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  return { prescriptionId: formatPrescriptionId(`${first15}${prescriptionCheckDigits(first15)}`), accessCode: randomBytes(32).toString('hex') };
}

/** A signed-in customer whose cart has a Berlin pharmacy (prescriptions are retrieved for it), on the redeem page. */
async function openRedeem(page: Page, request: Parameters<typeof shopper>[0], locale: Locale, tag: string): Promise<string> {
  const token = await shopper(request, locale, `erx-${tag}`, BERLIN[0]);
  await useToken(page, token);
  await page.goto(redeemPath(locale));
  await expect(page.getByRole('heading', { level: 1, name: texts(locale).page.pageTitle })).toBeVisible();
  // Hydrated: the typed form's button is enabled only then; the list has loaded.
  await expect(page.getByRole('button', { name: texts(locale).screen.submit, exact: true })).toBeEnabled();
  await expect(page.getByText(texts(locale).screen.listEmpty)).toBeVisible();
  // Nothing widens the phone's page sideways (a long token, the file input).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  return token;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Counts the redeem calls the page makes (a client check must make none). */
function redeemRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/user/prescriptions') seen.count += 1;
  });
  return seen;
}

interface ListAnswer {
  prescriptions: { id: string; prescriptionId: string; coPaymentTotalCents: number; items: { name: string; unitPriceCents: number; packs: number; coPaymentPerPackCents: number; coPaymentCents: number }[] }[];
}

for (const locale of LOCALES) {
  test.describe(`${locale}: redeeming an E-Rezept on a phone`, () => {
    test('a photo of the printout redeems the prescription and shows its co-payment; it can be given back', async ({ page, request }) => {
      const t = texts(locale);
      const token = await openRedeem(page, request, locale, 'upload');
      await expect(page.locator('[data-demo-tokens]')).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `redeem-idle-${locale}`);

      const own = ownToken();
      await page.getByLabel(t.scanner.fileLabel).setInputFiles({ name: 'e-rezept.png', mimeType: 'image/png', buffer: await dataMatrixPng(eRezeptText(own.prescriptionId, own.accessCode)) });

      const heading = page.getByRole('heading', { level: 2, name: t.screen.redeemedOne });
      await expect(heading).toBeVisible({ timeout: 15_000 });
      await expect(heading).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: fill(t.screen.redeemedStatus, { count: 1 }) })).toBeVisible();

      // What the server answered is what the screen shows, and the co-payment follows § 61 SGB V.
      const { prescriptions } = await api<ListAnswer>(request, token, 'GET', '/api/v1/user/prescriptions');
      const redeemed = prescriptions.find((p) => p.prescriptionId === own.prescriptionId)!;
      expect(redeemed).toBeTruthy();
      const result = page.locator('section', { has: heading }).locator('article');
      await expect(result).toHaveCount(1);
      await expect(result.getByRole('heading', { name: fill(t.screen.prescriptionTitle, { id: own.prescriptionId }) })).toBeVisible();
      const lines = result.locator('.prescription__item');
      await expect(lines).toHaveCount(redeemed.items.length);
      for (const [index, item] of redeemed.items.entries()) {
        expect(item.coPaymentPerPackCents).toBe(coPaymentPerPackCents(item.unitPriceCents, { insurance: 'statutory', exempt: false }));
        const line = lines.nth(index);
        await expect(line).toContainText(item.name);
        await expect(line).toContainText(formatPrice(item.unitPriceCents, locale));
        await expect(line).toContainText(formatPrice(item.coPaymentPerPackCents, locale));
        await expect(line).toContainText(formatPrice(item.coPaymentCents, locale));
      }
      await expect(result).toContainText(fill(t.screen.coPaymentTotal, { amount: formatPrice(redeemed.coPaymentTotalCents, locale) }));
      await expectNoAxeViolations(page);
      await shot(page, `redeem-result-${locale}`);

      // In the list, held for the customer, with "Give back" behind a confirmation.
      const listed = page.locator('section', { has: page.getByRole('heading', { level: 2, name: t.screen.listHeading }) }).locator('article');
      await expect(listed).toHaveCount(1);
      await expect(listed).toContainText(t.screen.statusRedeemed);
      await listed.getByRole('button', { name: fill(t.screen.giveBackLabel, { id: own.prescriptionId }) }).click();
      const dialog = page.getByRole('dialog', { name: t.screen.confirmTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: t.screen.confirmCancel })).toBeFocused();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: t.screen.confirmYes }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: t.screen.givenBack })).toBeVisible();
      await expect(page.getByText(t.screen.listEmpty)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t.screen.listHeading })).toBeFocused();
    });

    test('a typed ID with a wrong check digit is refused under the field, without a request', async ({ page, request }) => {
      const t = texts(locale);
      await openRedeem(page, request, locale, 'check-digit');
      const calls = redeemRequests(page);
      const id = page.getByLabel(t.screen.idLabel, { exact: true });
      // The documented statutory ID with its last digit changed, typed with spaces instead of dots.
      await id.fill('160 123 456 789 123 59');
      await page.getByLabel(t.screen.codeLabel, { exact: true }).fill(TEST_PRESCRIPTION_TOKENS.statutory.accessCode);
      const error = page.locator('#prescription-id-error');
      await expect(error).toHaveText(t.errors.PRESCRIPTION_CHECK_DIGITS_WRONG);
      await expect(id).toHaveAttribute('aria-invalid', 'true');
      await expect(id).toHaveAttribute('aria-describedby', /prescription-id-error/);
      await page.getByRole('button', { name: t.screen.submit, exact: true }).click();
      await expect(id).toBeFocused();
      await expect(error).toHaveText(t.errors.PRESCRIPTION_CHECK_DIGITS_WRONG);
      await expectNoAxeViolations(page);
      await shot(page, `redeem-check-digit-${locale}`);
      // Fixed, the error goes as the field changes.
      await id.fill(TEST_PRESCRIPTION_TOKENS.statutory.prescriptionId);
      await expect(error).toHaveCount(0);
      expect(calls.count).toBe(0);
    });

    test('a test token the prescription system reports as already redeemed shows its message', async ({ page, request }) => {
      const t = texts(locale);
      await openRedeem(page, request, locale, 'redeemed');
      const { prescriptionId, accessCode } = TEST_PRESCRIPTION_TOKENS.alreadyRedeemed;
      // English pastes the app's Task line into the ID field; German types the two fields.
      if (locale === 'en') await page.getByLabel(t.screen.idLabel, { exact: true }).fill(`Task/${prescriptionId}/$accept?ac=${accessCode}`);
      else {
        await page.getByLabel(t.screen.idLabel, { exact: true }).fill(prescriptionId);
        await page.getByLabel(t.screen.codeLabel, { exact: true }).fill(accessCode);
      }
      await page.getByRole('button', { name: t.screen.submit, exact: true }).click();
      const alert = page.locator('.account-failed[role="alert"]');
      await expect(alert).toHaveText(t.errors.PRESCRIPTION_ALREADY_REDEEMED, { timeout: 15_000 });
      await expect(page.getByText(t.screen.listEmpty)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `redeem-already-redeemed-${locale}`);
    });
  });

  test(`${locale}: a prescription-only product, the home page and the account menu link to the redeem page`, async ({ page }) => {
    const label = catalogMessages[locale].prescriptionRedeemLink;
    await page.goto(productPath(prescription, locale));
    await expect(page.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', redeemPath(locale));
    await page.goto(locale === 'de' ? '/de/shop/' : '/shop/');
    await expect(page.getByRole('link', { name: catalogMessages[locale].homeRxLink, exact: true })).toHaveAttribute('href', redeemPath(locale));
    await expect(page.locator('.account__list.when-logged-in a', { hasText: shellMessages[locale].prescriptions })).toHaveAttribute('href', redeemPath(locale));
  });
}

test('without a login the redeem page sends the visitor to login and back', async ({ page }) => {
  await page.goto(redeemPath('de'));
  await expect(page).toHaveURL(/\/de\/shop\/login\/?\?redirect=%2Fprescriptions%2Fredeem/);
});
