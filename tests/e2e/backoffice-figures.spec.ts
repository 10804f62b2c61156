import { expect, test } from '@playwright/test';
import { backOfficeMessages } from '../../src/features/backoffice/i18n/messages';
import { translator } from '../../src/platform/i18n/messages';
import { callApi } from '../support/live-order';
import { useToken } from './checkout-flow';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * Issues 13 and 10: the operator opens "today at a glance" and the analytics report in both
 * languages; the charts are drawn and both screens pass axe. One test on purpose (the suite is slow).
 */
test('operator: today at a glance and the analytics report in English and German, with charts, pass axe', async ({ page }) => {
  test.setTimeout(90_000);
  const { token } = await callApi<{ token: string }>(ORIGIN, null, 'POST', '/v1/user/login', { email: 'operator@staff.apobote.de', password: 'apobote-operator' });
  await useToken(page, token);
  for (const locale of ['en', 'de'] as const) {
    const t = translator(backOfficeMessages, locale);
    const prefix = locale === 'de' ? '/de' : '';
    await page.goto(`${prefix}/pharmacy/dashboard/`);
    await expect(page.getByRole('heading', { level: 1, name: t('heading.dashboard') })).toBeVisible();
    await expect(page.locator('figcaption', { hasText: t('glance.ordersByHour') })).toBeVisible();
    await expect(page.locator('.chart-svg').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${prefix}/pharmacy/analytics/`);
    await expect(page.getByRole('heading', { level: 1, name: t('heading.analytics') })).toBeVisible();
    await expect(page.locator('figcaption', { hasText: t('report.funnelByDay') })).toBeVisible();
    await expect(page.locator('.chart-svg').first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
