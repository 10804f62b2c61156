import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addressMessages } from '../../src/features/addresses/i18n/messages';
import { selectionMessages } from '../../src/features/pharmacies/i18n/selection';
import { DELIVERY_MESSAGES } from '../../src/features/pharmacies/model/delivery-outcome';
import { errorMessages } from '../../src/platform/http/error-codes';
import { LOCALES, registerViaApi, shopPath, toast, uniqueEmail, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

// Issue 4, address screen: add, edit and delete addresses with errors at the field, the
// delivery-area check after a save (all four outcomes), "Deliver here" and the redirect contract.
// One customer per language (registrations share a per-IP limit), so each language's tests run in order.

const ALEXANDERPLATZ = { id: 'berlin-alexanderplatz', name: 'Apotheke am Alexanderplatz' };
// Stocked at the Kreuzberg pharmacy, but not at Alexanderplatz, the only one delivering to 10178.
const NOT_AT_ALEXANDERPLATZ = { pzn: '67873186', name: 'ASS AL 100 mg TAH Tabletten', stockedAt: 'berlin-kreuzberg' };

const t = (locale: Locale) => ({ a: addressMessages[locale], s: selectionMessages[locale], e: errorMessages[locale] });

interface AddressValues {
  street: string;
  houseNumber: string;
  room?: string;
  postalCode: string;
  city: string;
}

async function fillAddress(page: Page, locale: Locale, values: AddressValues) {
  const { a } = t(locale);
  await page.getByLabel(a.street, { exact: true }).fill(values.street);
  await page.getByLabel(a.houseNumber, { exact: true }).fill(values.houseNumber);
  await page.getByLabel(a.room, { exact: true }).fill(values.room ?? '');
  await page.getByLabel(a.postalCode, { exact: true }).fill(values.postalCode);
  await page.getByLabel(a.locality, { exact: true }).fill(values.city);
}

async function openNewShipping(page: Page, locale: Locale, query = '') {
  await page.goto(`${shopPath(locale, '/shop/addresses/')}?new=shipping${query}`);
  await expect(page.getByRole('button', { name: t(locale).a.save, exact: true })).toBeEnabled();
}

async function serverCart(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v1/user/cart', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { pharmacyId: string | null; lines: { pzn: string }[] };
}

const outcome = (page: Page) => page.locator('[data-outcome]');

for (const locale of LOCALES) {
  test.describe(`${locale}: address screen`, () => {
    test.describe.configure({ mode: 'serial' });
    let token = '';

    test.beforeAll(async ({ request }) => {
      token = await registerViaApi(request, uniqueEmail(`addr-${locale}`), locale);
    });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('apobote.token', value), token);
    });

    test('errors sit at their field, are announced and focused, and what was typed stays', async ({ page }) => {
      const { a, e } = t(locale);
      await openNewShipping(page, locale);
      // ?new=shipping opens the form at once, with the cursor in the first field.
      await expect(page.getByLabel(a.street, { exact: true })).toBeFocused();
      await expectNoAxeViolations(page);

      await page.getByLabel(a.street, { exact: true }).fill('Karl-Liebknecht-Straße');
      await page.getByRole('button', { name: a.save, exact: true }).click();
      const houseNumber = page.getByLabel(a.houseNumber, { exact: true });
      await expect(houseNumber).toBeFocused();
      await expect(houseNumber).toHaveAttribute('aria-invalid', 'true');
      await expect(houseNumber).toHaveAccessibleDescription(new RegExp(`^${e.HOUSE_NUMBER_REQUIRED.replace('.', '\\.')}`));
      await expect(page.getByRole('alert').filter({ hasText: e.HOUSE_NUMBER_REQUIRED })).toBeVisible();
      await expect(page.getByLabel(a.postalCode, { exact: true })).toHaveAccessibleDescription(e.ADDRESS_FIELDS_REQUIRED);
      await expect(page.getByLabel(a.locality, { exact: true })).toHaveAccessibleDescription(e.ADDRESS_FIELDS_REQUIRED);
      await expect(page.getByLabel(a.street, { exact: true })).toHaveValue('Karl-Liebknecht-Straße');
      await expectNoAxeViolations(page);

      await houseNumber.fill('abc');
      await page.getByLabel(a.postalCode, { exact: true }).fill('1017');
      await page.getByLabel(a.locality, { exact: true }).fill('Berlin');
      await page.getByRole('button', { name: a.save, exact: true }).click();
      await expect(houseNumber).toHaveAccessibleDescription(new RegExp(`^${e.INVALID_HOUSE_NUMBER.replace(/[.()]/g, '\\$&')}`));
      await expect(page.getByLabel(a.postalCode, { exact: true })).toHaveAccessibleDescription(e.INVALID_POSTAL_CODE);
      await expect(houseNumber).toBeFocused();
      await expect(houseNumber).toHaveValue('abc');
    });

    test('a saved address in the area shows who delivers, chooses that pharmacy for the cart; edit and delete it', async ({ page, request }) => {
      const { a, s } = t(locale);
      await openNewShipping(page, locale);
      await fillAddress(page, locale, { street: 'Karl-Liebknecht-Straße', houseNumber: '13', room: '3. OG', postalCode: '10178', city: 'Berlin' });
      await page.getByRole('button', { name: a.save, exact: true }).click();

      await expect(outcome(page)).toHaveAttribute('data-outcome', 'in_area_all_in_stock');
      await expect(page.getByRole('heading', { name: s.inAreaTitle })).toBeFocused();
      await expect(outcome(page)).toContainText(s.servedBy.replace('{pharmacy}', ALEXANDERPLATZ.name));
      await expect(toast(page, a.saved)).toBeVisible();
      const card = page.locator('.address-card');
      await expect(card).toContainText('Karl-Liebknecht-Straße 13');
      await expect(card).toContainText('3. OG');
      await expect(page.getByRole('button', { name: a.deliverHere })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('[data-location-label]')).toHaveText(ALEXANDERPLATZ.name);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.pharmacy') ?? 'null'))).toEqual(ALEXANDERPLATZ);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.address') ?? 'null'))).toMatchObject({ postalCode: '10178' });
      expect((await serverCart(request, token)).pharmacyId).toBe(ALEXANDERPLATZ.id);
      await expectNoAxeViolations(page);

      // Edit: a range house number and another postal code of the same pharmacy's zone.
      await page.getByRole('button', { name: a.edit, exact: true }).click();
      await expect(page.getByLabel(a.street, { exact: true })).toHaveValue('Karl-Liebknecht-Straße');
      await page.getByLabel(a.houseNumber, { exact: true }).fill('12a-14d');
      await page.getByLabel(a.postalCode, { exact: true }).fill('10115');
      await page.getByRole('button', { name: a.save, exact: true }).click();
      await expect(card).toContainText('Karl-Liebknecht-Straße 12a-14d');
      await expect(card).toContainText('10115 Berlin');
      await expect(outcome(page)).toContainText('10115');

      // Delete asks first; cancelling keeps the address and gives the focus back.
      const deleteButton = page.getByRole('button', { name: a.delete, exact: true });
      await deleteButton.click();
      const dialog = page.getByRole('dialog', { name: a.deleteTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: a.cancel })).toBeFocused();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: a.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(deleteButton).toBeFocused();
      await deleteButton.click();
      await dialog.getByRole('button', { name: a.deleteConfirm }).click();
      await expect(toast(page, a.deleted)).toBeVisible();
      await expect(card).toHaveCount(0);
      await expect(page.getByRole('heading', { name: a.shippingHeading })).toBeFocused();
      await expect(page.getByText(a.noShipping)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('apobote.address'))).toBeNull();
      const list = await request.get('/api/v1/user/addresses', { headers: { authorization: `Bearer ${token}` } });
      expect(((await list.json()) as { shipping: unknown[] }).shipping).toEqual([]);
    });

    test('an address outside every delivery zone: "we do not deliver to the address yet"', async ({ page }) => {
      const { a, s } = t(locale);
      await openNewShipping(page, locale);
      await fillAddress(page, locale, { street: 'Theaterplatz', houseNumber: '2', postalCode: '01067', city: 'Dresden' });
      await page.getByRole('button', { name: a.save, exact: true }).click();
      await expect(outcome(page)).toHaveAttribute('data-outcome', 'outside_area');
      await expect(page.getByRole('heading', { name: s.outsideTitle })).toBeFocused();
      await expect(outcome(page)).toContainText(DELIVERY_MESSAGES.outside_area![locale]);
      await expect(outcome(page)).toContainText(s.outsideCities);
      await expectNoAxeViolations(page);
    });

    test('only some items in stock at the serving pharmacy: the missing product is named', async ({ page, request }) => {
      const { a, s } = t(locale);
      const headers = { authorization: `Bearer ${token}` };
      // The Dresden address of the previous test lets the cart take items (spec §6).
      expect((await request.put('/api/v1/user/cart/pharmacy', { headers, data: { pharmacyId: NOT_AT_ALEXANDERPLATZ.stockedAt } })).status()).toBe(200);
      expect((await request.put(`/api/v1/user/cart/items/${NOT_AT_ALEXANDERPLATZ.pzn}`, { headers, data: { quantity: 1 } })).status()).toBe(200);

      await openNewShipping(page, locale);
      await fillAddress(page, locale, { street: 'Alexanderplatz', houseNumber: '7 1/2', postalCode: '10178', city: 'Berlin' });
      await page.getByRole('button', { name: a.save, exact: true }).click();
      await expect(outcome(page)).toHaveAttribute('data-outcome', 'in_area_some_in_stock');
      await expect(outcome(page)).toContainText(DELIVERY_MESSAGES.in_area_some_in_stock![locale]);
      await expect(outcome(page)).toContainText(s.missingIntro.replace('{pharmacy}', ALEXANDERPLATZ.name));
      await expect(outcome(page).getByRole('listitem')).toHaveText([NOT_AT_ALEXANDERPLATZ.name]);
    });

    test('"Deliver here" switches the delivery address and runs the check for it', async ({ page }) => {
      const { a } = t(locale);
      await page.goto(shopPath(locale, '/shop/addresses/'));
      const cards = page.locator('.address-card');
      await expect(cards).toHaveCount(2);
      const dresden = cards.filter({ hasText: '01067' });
      await dresden.getByRole('button', { name: a.deliverHere }).click();
      await expect(outcome(page)).toHaveAttribute('data-outcome', 'outside_area');
      await expect(dresden.getByRole('button', { name: a.deliverHere })).toHaveAttribute('aria-pressed', 'true');
      await expect(cards.filter({ hasText: '10178' }).getByRole('button', { name: a.deliverHere })).toHaveAttribute('aria-pressed', 'false');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.address') ?? 'null'))).toMatchObject({ postalCode: '01067' });
    });

    test('?new=shipping&redirect= returns to the given page after the save', async ({ page }) => {
      const { a } = t(locale);
      await openNewShipping(page, locale, `&redirect=${encodeURIComponent('/pharmacies/')}`);
      await fillAddress(page, locale, { street: 'Bergmannstraße', houseNumber: '3/1', postalCode: '10961', city: 'Berlin' });
      await page.getByRole('button', { name: a.save, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${shopPath(locale, '/shop/pharmacies/')}$`));
      await expect(page.locator('[data-location-label]')).toHaveText('Bergmann-Apotheke');
    });

    test('a pharmacy chosen on the selection screen becomes the cart’s pharmacy', async ({ page, request }) => {
      const { s } = t(locale);
      await page.goto(shopPath(locale, '/shop/pharmacies/'));
      const card = page.locator('article[data-pharmacy-id="berlin-hauptbahnhof"]');
      await card.getByRole('button', { name: s.choose }).click();
      await expect(card.getByRole('button', { name: s.choose })).toHaveAttribute('aria-pressed', 'true');
      await expect(toast(page, s.chosen.replace('{pharmacy}', 'Apotheke im Hauptbahnhof'))).toBeVisible();
      expect((await serverCart(request, token)).pharmacyId).toBe('berlin-hauptbahnhof');
    });
  });
}
