import { expect, test, type Page } from '@playwright/test';
import { selectionMessages } from '../../src/features/pharmacies/i18n/selection';
import { DELIVERY_MESSAGES } from '../../src/features/pharmacies/model/delivery-outcome';
import { LOCALES, shopPath, toast } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

// Issue 4, pharmacy selection (browse-only, everything stored locally): the prebuilt list, device
// location granted and refused, manual entry with the delivery outcome, choosing a pharmacy (the
// header chip follows across pages) and the PDF price lists.

const KASTANIEN = { id: 'berlin-prenzlauer-berg', name: 'Kastanien-Apotheke', latitude: 52.538, longitude: 13.409 };
const PHARMACY_COUNT = 22;
const PRICE_LIST_COUNT = 16;

async function openSelection(page: Page, locale: 'en' | 'de') {
  await page.goto(shopPath(locale, '/shop/pharmacies/'));
  // Hydrated once "Check delivery" is enabled.
  await expect(page.getByRole('button', { name: selectionMessages[locale].checkSubmit })).toBeEnabled();
}

for (const locale of LOCALES) {
  const s = selectionMessages[locale];

  test(`${locale}: the pharmacy list is prebuilt HTML, readable without JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopPath(locale, '/shop/pharmacies/'));
    const cards = page.locator('article[data-pharmacy-id]');
    await expect(cards).toHaveCount(PHARMACY_COUNT);
    await expect(page.getByRole('link', { name: s.priceList })).toHaveCount(PRICE_LIST_COUNT);
    const alexanderplatz = cards.filter({ hasText: 'Apotheke am Alexanderplatz' });
    await expect(alexanderplatz).toContainText('Karl-Liebknecht-Straße 13, 10178 Berlin');
    await expect(alexanderplatz).toContainText(s.deliveryCourier);
    await expect(alexanderplatz).toContainText(s.deliveryParcel);
    await expect(alexanderplatz.getByRole('definition').first()).toHaveText('08:00–22:00');
    await expect(alexanderplatz.getByRole('link', { name: '+493024012345' })).toHaveAttribute('href', 'tel:+493024012345');
    await expect(alexanderplatz.getByRole('link', { name: s.terms })).toHaveAttribute('href', shopPath(locale, '/legal/terms'));
    await expect(cards.filter({ hasText: 'Westend-Apotheke' }).getByText(s.selfPickupOnly)).toBeVisible();
    // What depends on the visitor is filled in by the script: without it, none of it shows.
    await expect(alexanderplatz.getByText(s.servesYou)).toBeHidden();
    await expect(alexanderplatz.getByText(s.selected)).toBeHidden();
    await context.close();
  });

  test(`${locale}: each prebuilt card says whether the pharmacy is open now and, from 5 ratings on, how customers rate it`, async ({ page }) => {
    await page.route('**/api/v1/pharmacy-ratings', (route) =>
      route.fulfill({ json: { ratings: [{ pharmacy_id: 'berlin-alexanderplatz', average: 4.6, count: 12 }, { pharmacy_id: 'berlin-kreuzberg', average: null, count: 3 }] } }),
    );
    const card = (id: string) => page.locator(`article[data-pharmacy-id="${id}"]`);
    // Tuesday 24 November 2026, 10:30 in Berlin: Apotheke am Alexanderplatz keeps 08:00–22:00.
    await page.clock.setFixedTime(new Date('2026-11-24T09:30:00Z'));
    await page.goto(shopPath(locale, '/shop/pharmacies/'));
    await expect(card('berlin-alexanderplatz')).toContainText(s.openNow);
    const average = locale === 'de' ? '4,6' : '4.6';
    await expect(card('berlin-alexanderplatz')).toContainText(s.rating.replace('{average}', average).replace('{count}', '12'));
    // Fewer than 5 ratings: no average is shown.
    await expect(card('berlin-kreuzberg').locator('[data-rating]')).toBeHidden();

    // 23:30 the same evening.
    await page.clock.setFixedTime(new Date('2026-11-24T22:30:00Z'));
    await page.reload();
    await expect(card('berlin-alexanderplatz')).toContainText(s.closedNow);
    await expect(card('berlin-alexanderplatz')).not.toContainText(s.openNow);
  });

  test(`${locale}: manual entry shows the outcome and puts the serving pharmacy first; choosing it updates the header on the next page`, async ({ page }) => {
    await openSelection(page, locale);
    await page.getByRole('button', { name: s.checkSubmit }).click();
    const postalCode = page.getByLabel(s.postalCode, { exact: true });
    await expect(postalCode).toBeFocused();
    await expect(postalCode).toHaveAccessibleDescription(s.postalCodeRequired);

    await postalCode.fill('10961');
    await page.getByRole('button', { name: s.checkSubmit }).click();
    const outcome = page.locator('[data-outcome]');
    await expect(outcome).toHaveAttribute('data-outcome', 'in_area_all_in_stock');
    await expect(page.getByRole('heading', { name: s.inAreaTitle })).toBeFocused();
    await expect(outcome).toContainText(s.servedBy.replace('{pharmacy}', 'Bergmann-Apotheke'));
    const cards = page.locator('article[data-pharmacy-id]');
    const first = cards.first();
    await expect(first).toHaveAttribute('data-pharmacy-id', 'berlin-kreuzberg');
    // The prebuilt cards hold every badge: only those that apply show.
    await expect(first.getByText(s.servesYou)).toBeVisible();
    await expect(cards.filter({ hasText: 'Westend-Apotheke' }).getByText(s.servesYou)).toBeHidden();
    await expect(first.getByText(s.selected)).toBeHidden();
    await expect(page.getByText(s.sortedServing.replace('{postalCode}', '10961'))).toBeVisible();
    // A visitor's typed postal code is where they shop until a pharmacy is chosen.
    await expect(page.locator('[data-location-label]')).toHaveText(s.chipPostalCode.replace('{postalCode}', '10961'));
    await expectNoAxeViolations(page);

    const choose = first.getByRole('button', { name: s.choose });
    await expect(choose).toHaveAttribute('aria-pressed', 'false');
    await choose.click();
    await expect(choose).toHaveAttribute('aria-pressed', 'true');
    await expect(first.getByText(s.selected)).toBeVisible();
    await expect(cards.nth(1).getByText(s.selected)).toBeHidden();
    await expect(toast(page, s.chosen.replace('{pharmacy}', 'Bergmann-Apotheke'))).toBeVisible();
    await expect(page.locator('[data-location-label]')).toHaveText('Bergmann-Apotheke');

    await page.goto(shopPath(locale, '/shop/'));
    await expect(page.locator('[data-location-label]')).toHaveText('Bergmann-Apotheke');
    await expect(page.getByRole('link', { name: `${s.chipPrefix} Bergmann-Apotheke` })).toHaveAttribute('href', shopPath(locale, '/shop/pharmacies/'));
  });

  test(`${locale}: outside every zone the outcome says we do not deliver there yet`, async ({ page }) => {
    await openSelection(page, locale);
    await page.getByLabel(s.postalCode, { exact: true }).fill('01067');
    await page.getByLabel(s.street, { exact: true }).fill('Theaterplatz');
    await page.getByLabel(s.houseNumber, { exact: true }).fill('2');
    await page.getByRole('button', { name: s.checkSubmit }).click();
    const outcome = page.locator('[data-outcome]');
    await expect(outcome).toHaveAttribute('data-outcome', 'outside_area');
    await expect(outcome).toContainText(DELIVERY_MESSAGES.outside_area![locale]);
    await expectNoAxeViolations(page);
  });

  test(`${locale}: with location granted, the nearest pharmacy is shown and the location stored`, async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['geolocation'], geolocation: { latitude: KASTANIEN.latitude, longitude: KASTANIEN.longitude } });
    const page = await context.newPage();
    await openSelection(page, locale);
    await page.getByRole('button', { name: s.useLocation }).click();
    const nearest = page.locator('[data-nearest]');
    await expect(nearest).toContainText(KASTANIEN.name);
    await expect(nearest).toContainText(s.nearestDelivers.replace('{pharmacy}', KASTANIEN.name));
    await expect(page.getByRole('heading', { name: s.nearestHeading })).toBeFocused();
    await expect(page.locator('article[data-pharmacy-id]').first()).toHaveAttribute('data-pharmacy-id', KASTANIEN.id);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('apobote.location') ?? 'null'));
    expect(stored).toMatchObject({ lat: KASTANIEN.latitude, lng: KASTANIEN.longitude });
    expect(stored.postalCode).toMatch(/^\d{5}$/);
    await expect(page.locator('[data-location-label]')).toHaveText(s.chipPostalCode.replace('{postalCode}', stored.postalCode));

    await nearest.getByRole('button', { name: s.choose }).click();
    await expect(nearest.getByRole('button', { name: s.choose })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-location-label]')).toHaveText(KASTANIEN.name);
    // The confirmation toast comes with a lazily loaded module: axe waits for it to finish fading in.
    await expect(toast(page, s.chosen.replace('{pharmacy}', KASTANIEN.name))).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });

  test(`${locale}: with location refused, the message shows and the manual entry takes over`, async ({ browser }) => {
    // No geolocation permission in this context: headless Chromium answers PERMISSION_DENIED at once.
    const context = await browser.newContext({ permissions: [] });
    const page = await context.newPage();
    await openSelection(page, locale);
    await page.getByRole('button', { name: s.useLocation }).click();
    await expect(page.getByRole('alert').filter({ hasText: s.locationDenied })).toBeVisible();
    const postalCode = page.getByLabel(s.postalCode, { exact: true });
    await expect(postalCode).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('apobote.location'))).toBeNull();

    await postalCode.fill('10178');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-outcome]')).toHaveAttribute('data-outcome', 'in_area_all_in_stock');
    await expect(page.locator('article[data-pharmacy-id]').first()).toHaveAttribute('data-pharmacy-id', 'berlin-alexanderplatz');
    await context.close();
  });

  test(`${locale}: the price-list links answer with a PDF`, async ({ page, request }) => {
    await openSelection(page, locale);
    const links = page.getByRole('link', { name: s.priceList });
    await expect(links).toHaveCount(PRICE_LIST_COUNT);
    const href = await links.first().getAttribute('href');
    expect(href).toBe(shopPath(locale, '/shop/pharmacies/berlin-alexanderplatz/price-list.pdf'));
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const body = await response.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    // A pharmacy without a price list has no file.
    expect((await request.get(shopPath(locale, '/shop/pharmacies/berlin-charlottenburg/price-list.pdf'))).status()).toBe(404);
  });

  test(`${locale}: on a 390 px phone the header chip keeps its box whatever name fills it in`, async ({ browser }) => {
    const chipBox = async (name: string | null) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      if (name) await page.addInitScript((value) => localStorage.setItem('apobote.pharmacy', value), JSON.stringify({ id: 'x', name }));
      await page.goto(shopPath(locale, '/shop/'));
      const label = page.locator('[data-location-label]');
      await expect(label).toHaveText(name ?? s.chipChoose);
      const box = await page.locator('[data-location-chip]').boundingBox();
      const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth);
      await context.close();
      return { box: box!, cut };
    };
    const empty = await chipBox(null);
    const long = await chipBox('Alster-Apotheke am Jungfernstieg');
    const short = await chipBox('Apotheke am Dom');
    expect(long.box).toEqual(empty.box);
    expect(short.box).toEqual(empty.box);
    expect(long.cut, 'a long name ends in an ellipsis').toBe(true);
    expect(empty.box.x + empty.box.width).toBeLessThanOrEqual(390);
  });
}
