import { test } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
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
    });
  }
}
