import { expect, test } from '@playwright/test';
import { logInWithEmail, registerViaApi, uniqueEmail, type Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { atShopTime } from './support/shop-time';
import { fill, orderIdFromUrl, PHARMACIST_PASSWORD, placedOrder, shopper, staffPath, staffToken, texts, useToken } from './checkout-flow';

/*
 * The minimal staff page (issue 5): pharmacists see their pharmacy's incoming orders with the
 * customer's answers and accept or reject them (a reason is required); anyone else is told the page
 * is for pharmacy staff. A rejection reaches the customer's order page with the reason and the refund.
 */

const PHARMACY = 'berlin-charlottenburg';
// While the pharmacy is open (its orders are "as soon as possible"), whatever the real hour.
test.use(atShopTime('day'));

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: a customer on the staff page is told it is for pharmacy staff`, async ({ page, request }) => {
    const t = texts(locale);
    await useToken(page, await registerViaApi(request, uniqueEmail(`staff-customer-${locale}`), locale));
    await page.goto(staffPath(locale));
    await expect(page.getByRole('alert')).toContainText(t.staff.forbidden);
    await expect(page.getByRole('button', { name: t.staff.accept })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('en: a pharmacist without a session logs in and comes back to the staff page', async ({ page }) => {
  await page.goto(staffPath('en'));
  await expect(page).toHaveURL(/\/shop\/login\/?\?redirect=%2Fstaff/);
  await logInWithEmail(page, 'en', `${PHARMACY}@staff.apobote.de`, PHARMACIST_PASSWORD);
  await expect(page).toHaveURL(/\/staff\/$/);
  await expect(page.getByRole('heading', { level: 1, name: texts('en').staff.pageTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: texts('en').staff.refresh })).toBeVisible();
});

test('de: the pharmacist rejects with a reason; the customer reads it and that the full amount was refunded', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const locale: Locale = 'de';
  const t = texts(locale);
  const customerToken = await shopper(request, locale, 'reject', PHARMACY);
  const order = await placedOrder(request, customerToken, locale);

  const staffContext = await browser.newContext(atShopTime('day'));
  const staffPage = await staffContext.newPage();
  await useToken(staffPage, await staffToken(request, PHARMACY));
  await staffPage.goto(staffPath(locale));
  const pending = staffPage.getByRole('region', { name: new RegExp(`^${t.staff.pendingHeading}`) });
  const card = pending.getByRole('article', { name: fill(t.staff.order, { number: order.order_number }) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  // What the pharmacist needs to judge the offer: the customer's answers and how to call back.
  await expect(card.getByRole('term').filter({ hasText: t.staff['safety.nursing'] })).toBeVisible();
  await expect(card).toContainText(t.staff.yes);
  await expect(card.getByRole('link', { name: /98765432/ })).toHaveAttribute('href', /^tel:/);

  const rejectButton = card.getByRole('button', { name: t.staff.reject });
  await rejectButton.click();
  const dialog = staffPage.getByRole('dialog', { name: fill(t.staff.rejectTitle, { number: order.order_number }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(t.staff.reasonLabel)).toBeFocused();
  await dialog.getByRole('button', { name: t.staff.rejectConfirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.staff.reasonRequired);
  await expectNoAxeViolations(staffPage);
  // Escape closes without rejecting and gives the focus back.
  await staffPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rejectButton).toBeFocused();

  await rejectButton.click();
  await dialog.getByLabel(t.staff.reasonLabel).fill('Leider nicht vorrätig.');
  await dialog.getByRole('button', { name: t.staff.rejectConfirm }).click();
  await expect(dialog).toBeHidden();
  const done = staffPage.getByRole('region', { name: new RegExp(`^${t.staff.doneHeading}`) });
  await expect(done.getByRole('article', { name: fill(t.staff.order, { number: order.order_number }) })).toContainText(t.labels['label.refunded']);
  await staffContext.close();

  await useToken(page, customerToken);
  await page.goto(`/de/shop/orders/view/?id=${encodeURIComponent(order.id)}`);
  await expect(page.getByRole('heading', { name: t.order.rejectedHeading })).toBeVisible();
  await expect(page.getByText(fill(t.order.rejectedReason, { reason: 'Leider nicht vorrätig.' }))).toBeVisible();
  await expect(page.getByText(t.order.refunded)).toBeVisible();
  expect(orderIdFromUrl(page)).toBe(order.id);
  await expectNoAxeViolations(page);

  // The history lists it with its label.
  await page.goto('/de/shop/orders/');
  const entry = page.getByRole('listitem').filter({ hasText: order.order_number });
  await expect(entry).toContainText(t.labels['label.refunded']);
  await expect(entry.getByRole('link', { name: fill(t.order.listOrder, { number: order.order_number }) })).toHaveAttribute('href', `/de/shop/orders/view/?id=${order.id}`);
  await expectNoAxeViolations(page);
});
