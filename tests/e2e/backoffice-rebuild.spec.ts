import { readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { backOfficeMessages } from '../../src/features/backoffice/i18n/messages';
import { translator } from '../../src/platform/i18n/messages';
import { callApi } from '../support/live-order';
import { useToken } from './checkout-flow';
import { expectNoAxeViolations } from './support/axe';
import { SHOP_ORIGIN as ORIGIN } from './support/ports';

/*
 * Issue 13, "Rebuild the static pages": the demo operator starts the real `astro build` from the
 * German tools screen, follows its progress and log live, and it completes and is swapped in, while
 * the shop this suite's other specs use keeps answering every request: pages and the assets of the
 * build before. The English screen then shows the same build's result. One real build (about half a
 * minute of CPU), so one test; the build's child runs at a lower priority than the server.
 */

/** Pages other specs are reading meanwhile, and the assets of the build being replaced. */
const SHOP_PAGES = ['/shop/', '/de/shop/', '/shop/category/beauty/', '/de/shop/product/acc-ratiopharm-akut-600-mg-brausetabletten-13550541/'];

async function assetsOf(request: APIRequestContext, page: string): Promise<string[]> {
  const html = await (await request.get(page)).text();
  return [...new Set([...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((match) => match[1]!))];
}

test('operator: the rebuild runs the real build with its log live, in German and English, and the shop keeps serving through the swap', async ({ page, request }) => {
  test.setTimeout(300_000);
  const de = translator(backOfficeMessages, 'de');
  const en = translator(backOfficeMessages, 'en');
  const { token } = await callApi<{ token: string }>(ORIGIN, null, 'POST', '/v1/user/login', { email: 'operator@staff.apobote.de', password: 'apobote-operator' });
  await useToken(page, token);
  const servedBefore = readlinkSync(path.resolve(process.env.ASTRO_OUT_DIR ?? 'dist', 'client'));
  const oldAssets = await assetsOf(request, '/de/shop/');
  expect(oldAssets.length).toBeGreaterThan(0);

  await page.goto('/de/pharmacy/tools/');
  await expect(page.getByRole('heading', { level: 1, name: de('heading.tools') })).toBeVisible();
  const rebuild = page.getByRole('region', { name: de('tools.rebuild') });
  const start = rebuild.getByRole('button', { name: de('tools.rebuildStart') });
  await expect(start).toBeEnabled();
  await expectNoAxeViolations(page);
  const clicked = Date.now();
  await start.click();

  // Progress (pages written so far) and the log arrive live, without a reload.
  const status = rebuild.getByRole('status');
  const withPages = (text: string, count: string) => new RegExp(`^${escape(text).replace('999', count)}$`);
  await expect(status).toHaveText(withPages(de('tools.rebuildRunning', { pages: 999 }), '\\d+'), { timeout: 15_000 });
  const log = rebuild.getByLabel(de('tools.rebuildLog'));
  await expect(log).toContainText('[build]', { timeout: 60_000 });
  await expect(rebuild.getByRole('button', { name: de('working') })).toBeDisabled();

  // Until the build has ended, the shop pages keep answering (one request a round, in turn, no sleep:
  // a steady reader beside the other specs' traffic, not a load test).
  const done = withPages(de('tools.rebuildSucceeded', { pages: 999 }), '(\\d+)');
  const deadline = Date.now() + 240_000;
  let rounds = 0;
  for (;;) {
    const shown = (await status.textContent()) ?? '';
    if (done.test(shown)) break;
    expect(shown, 'the build failed').not.toBe(de('tools.rebuildFailed'));
    expect(Date.now() < deadline, 'the build did not end in time').toBe(true);
    const shopPage = SHOP_PAGES[rounds % SHOP_PAGES.length]!;
    expect((await request.get(shopPage)).status(), shopPage).toBe(200);
    rounds += 1;
  }
  expect(rounds).toBeGreaterThan(0);
  // What the real build costs this suite, in the report of every run.
  test.info().annotations.push({ type: 'rebuild', description: `${((Date.now() - clicked) / 1000).toFixed(1)} s from the click to the new pages being live, ${rounds} rounds of shop requests meanwhile` });
  const pages = Number(done.exec((await status.textContent()) ?? '')?.[1]);
  expect(pages).toBeGreaterThan(100);
  await expect(log).toContainText('Complete!');
  expect(readlinkSync(path.resolve(process.env.ASTRO_OUT_DIR ?? 'dist', 'client'))).not.toBe(servedBefore);
  for (const shopPage of SHOP_PAGES) expect((await request.get(shopPage)).status(), shopPage).toBe(200);
  for (const asset of oldAssets) expect((await request.get(asset)).status(), asset).toBe(200);
  await expect(start).toBeEnabled();
  await expectNoAxeViolations(page);

  // A screen opened later (here in English) shows the result and the log from the server.
  await page.goto('/pharmacy/tools/');
  const english = page.getByRole('region', { name: en('tools.rebuild') });
  await expect(english.getByRole('status')).toHaveText(en('tools.rebuildSucceeded', { pages }));
  await expect(english.getByLabel(en('tools.rebuildLog'))).toContainText('Complete!');
  await expect(english.getByRole('button', { name: en('tools.rebuildStart') })).toBeEnabled();
  await expectNoAxeViolations(page);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
