import { expect, test } from '@playwright/test';
import { backOfficeMessages } from '../../src/features/backoffice/i18n/messages';
import { translator } from '../../src/platform/i18n/messages';
import { callApi } from '../support/live-order';
import { LOCALES } from './support/accounts';
import { SHOP_ORIGIN } from './support/ports';
import { useToken } from './checkout-flow';

/*
 * An operator on a phone (Pixel 7 project): the back-office screens with a select fit the screen's
 * width. A select is as wide as its longest option (every pharmacy by its full name for an
 * operator, the catalogue file to replace on the tools screen), and once made these screens 3-13 px
 * wider than the phone: each scrolled sideways.
 */
const SCREENS = ['dashboard', 'stock', 'settings', 'staff', 'tools'] as const;

for (const locale of LOCALES) {
  test(`${locale}: an operator's back-office screens with a select fit a phone's width`, async ({ page }) => {
    const t = translator(backOfficeMessages, locale);
    const { token } = await callApi<{ token: string }>(SHOP_ORIGIN, null, 'POST', '/v1/user/login', { email: 'operator@staff.apobote.de', password: 'apobote-operator' });
    await useToken(page, token);
    for (const screen of SCREENS) {
      await page.goto(`${locale === 'de' ? '/de' : ''}/pharmacy/${screen}/`);
      // Measured once the select has its options: before, it is narrow.
      const select = screen === 'tools' ? page.getByLabel(t('tools.catalogTarget')) : page.getByLabel(t('pharmacyLabel'), { exact: true });
      await expect(select.locator('option').nth(2)).toBeAttached();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${screen}: wider than the phone by`).toBeLessThanOrEqual(0);
    }
  });
}
