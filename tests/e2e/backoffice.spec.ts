import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadCatalog } from '../../src/features/catalog';
import { backOfficeMessages } from '../../src/features/backoffice/i18n/messages';
import { callApi, placeOrder, registerCustomer, type OrderTarget } from '../support/live-order';
import { fill, texts, useToken } from './checkout-flow';
import type { Locale } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';
import { packDocumentMessages } from '../../src/features/orders/i18n/pack-document-messages';

/*
 * Issue 13, the back office at /pharmacy/ and /de/pharmacy/: a new order appears in the live queue
 * without a reload (with the count in the tab title), and staff take it through accept, the
 * pharmaceutical check, packing and the courier handover; every back-office screen passes axe.
 * Each language works on a pharmacy no other spec uses, so its queue is its own.
 */

const base = (locale: Locale) => (locale === 'de' ? '/de' : '');
const ours: Record<Locale, number> = { en: 2, de: 3 };

/** The n-th courier pharmacy of the catalogue with stock next door (other specs use the first ones). */
async function targetFor(locale: Locale): Promise<OrderTarget> {
  const catalog = await loadCatalog(path.resolve('catalog'));
  const sellable = new Set(catalog.products.filter((p) => p.kind === 'non-medicine' && !p.collectInPersonOnly).map((p) => p.pzn));
  const found: OrderTarget[] = [];
  for (const pharmacy of catalog.pharmacies) {
    if (pharmacy.id === 'berlin-charlottenburg' || pharmacy.selfPickupOnly || !pharmacy.deliveryOptions.includes('courier') || !pharmacy.deliveryZone.postalCodes.includes(pharmacy.address.postalCode)) continue;
    const row = catalog.stock.find((s) => s.pharmacyId === pharmacy.id && s.quantity >= 100 && sellable.has(s.pzn));
    if (!row) continue;
    const { street, houseNumber, postalCode, city } = pharmacy.address;
    found.push({ pharmacyId: pharmacy.id, pzn: row.pzn, address: { street_address: street, house_number: houseNumber, room: null, postal_code: postalCode, locality: city, note: null } });
  }
  const target = found[ours[locale]];
  if (!target) throw new Error('not enough courier pharmacies in the catalogue');
  return target;
}

const login = async (email: string, password: string) => (await callApi<{ token: string }>(ORIGIN, null, 'POST', '/v1/user/login', { email, password })).token;

async function openQueue(page: Page, locale: Locale, token: string) {
  await useToken(page, token);
  const streamOpened = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/realtime/stream');
  await page.goto(`${base(locale)}/pharmacy/`);
  await streamOpened;
}

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: a new order appears in the queue without reload; accept, check, pack, hand to the courier`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    const target = await targetFor(locale);
    const staff = await login(`${target.pharmacyId}@staff.apobote.de`, 'apobote-pharmacist');
    await openQueue(page, locale, staff);
    await expect(page.getByRole('heading', { level: 1, name: backOfficeMessages[locale]['heading.orders'] })).toBeVisible();
    await expect(page.getByText(t.staff.live)).toBeVisible();
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });

    const customer = await registerCustomer(ORIGIN, `backoffice-${locale}`);
    const order = await placeOrder(ORIGIN, customer.token, target);

    const pending = page.getByRole('region', { name: new RegExp(`^${t.staff.pendingHeading}`) });
    const card = pending.getByRole('article', { name: fill(t.staff.order, { number: order.order_number }) });
    await expect(card).toBeVisible({ timeout: 15_000 });
    expect(loads).toEqual([]);
    await expect(page).toHaveTitle(/^\(\d+\) /);
    await expect(page.getByRole('status').filter({ hasText: fill(t.staff.newOffer, { number: order.order_number }) })).toHaveCount(1);
    // The sound can be turned off, and stays off.
    const sound = page.getByRole('button', { name: t.staff.soundOn });
    await sound.click();
    await expect(page.getByRole('button', { name: t.staff.soundOff })).toHaveAttribute('aria-pressed', 'false');
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: t.staff.accept }).click();
    const active = page.getByRole('region', { name: new RegExp(`^${t.staff.activeHeading}`) });
    const working = active.getByRole('article', { name: fill(t.staff.order, { number: order.order_number }) });
    await expect(working.getByRole('button', { name: t.staff.pack })).toHaveCount(0);
    // The picking list for the shelves, as a PDF named after the order in the pharmacist's language.
    const papers = packDocumentMessages[locale];
    const download = page.waitForEvent('download');
    await working.getByRole('button', { name: `${papers.pickingTitle} (PDF)` }).click();
    expect((await download).suggestedFilename()).toBe(fill(papers.pickingFileName, { number: order.order_number }));
    await working.getByRole('button', { name: t.staff.check }).click();
    await expect(working.getByRole('button', { name: t.staff.check })).toHaveCount(0);
    await working.getByRole('button', { name: t.staff.pack }).click();
    await expect(working).toContainText(t.labels['label.packed']);
    await working.getByRole('button', { name: t.staff.toCourier }).click();
    await expect(working).toContainText(t.labels['label.in_transit']);
    expect(loads).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test(`${locale}: the stock, settings and staff screens pass axe and work for the pharmacy's manager`, async ({ page }) => {
    test.setTimeout(60_000);
    const m = backOfficeMessages[locale];
    const target = await targetFor(locale);
    const manager = await login(`${target.pharmacyId}.manager@staff.apobote.de`, 'apobote-manager');
    await useToken(page, manager);

    await page.goto(`${base(locale)}/pharmacy/stock/`);
    await expect(page.getByRole('heading', { level: 1, name: m['heading.stock'] })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    // Managers see their tabs only: no analytics, no operator tools.
    await expect(page.getByRole('navigation', { name: m.navLabel }).getByRole('link')).toHaveText((['orders', 'dashboard', 'chat', 'stock', 'settings', 'staff'] as const).map((tab) => m[`nav.${tab}`]));
    await page.getByLabel(m.searchLabel).fill(target.pzn);
    await page.getByRole('main').getByRole('button', { name: m.search }).click();
    await expect(page.getByRole('cell', { name: target.pzn, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    // A file with a bad line changes nothing and says which line.
    await page.getByLabel(m.csvLabel).setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(`pzn,quantity\n${target.pzn},abc\n`) });
    await expect(page.getByText(m.csvRejected)).toBeVisible();
    await expect(page.getByText(new RegExp(`^${fill(m.csvRow, { row: 2, problem: '' }).trim()}`))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${base(locale)}/pharmacy/settings/`);
    await expect(page.getByRole('heading', { level: 1, name: m['heading.settings'] })).toBeVisible();
    await expect(page.getByLabel(m.closedUntilLabel)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${base(locale)}/pharmacy/staff/`);
    await expect(page.getByRole('heading', { level: 1, name: m['heading.staff'] })).toBeVisible();
    await expect(page.getByRole('cell', { name: `${target.pharmacyId}@staff.apobote.de` })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${base(locale)}/pharmacy/invite/`);
    await expect(page.getByRole('alert')).toHaveText(m.noToken);
    await expectNoAxeViolations(page);
  });
}
