import { expect, test } from '@playwright/test';
import { pageMessages } from '../../src/ui/pages/messages';

test('an unknown page answers 404 with the not-found page, in the language of the path', async ({ page }) => {
  const en = await page.goto('/shop/no-such-page/');
  expect(en?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageMessages.en.notFoundTitle);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const de = await page.goto('/de/shop/gibt-es-nicht/');
  expect(de?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageMessages.de.notFoundTitle);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('an unknown API path answers JSON, never an HTML page', async ({ request }) => {
  const response = await request.get('/api/shop/v1/nothing-here', { headers: { 'Accept-Language': 'de' } });
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
});
