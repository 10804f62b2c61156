import { expect, test } from '@playwright/test';
import { shellMessages } from '../../src/ui/layout/messages';
import { expectNoAxeViolations } from './support/axe';
import { categories, medicine, prescription, productPath } from './catalog-data';

const pages = [
  ['home', '/shop/'],
  ['category', `/shop/category/${categories[0]!.slug}/`],
  ['product (medicine)', productPath(medicine)],
  ['product (prescription)', productPath(prescription)],
  ['legal', '/legal/'],
  ['imprint', '/legal/imprint/'],
  ['not found', '/shop/no-such-page/'],
] as const;

for (const locale of ['en', 'de'] as const) {
  for (const [name, path] of pages) {
    test(`${locale}: axe finds no violations on ${name}`, async ({ page }) => {
      await page.goto(locale === 'de' ? `/de${path}` : path);
      await expectNoAxeViolations(page);
      if (name !== 'home') return;
      // The header's help widget open, with its FAQ and contact form (the same on every page).
      await page.locator('summary').filter({ hasText: shellMessages[locale].helpButton }).click();
      await expect(page.locator('form[data-help-form], .help__faq').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
}
