import { expect, test } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shellMessages } from '../../src/ui/layout/messages';
import { SHOP_ORIGIN } from './support/ports';

// Runs in the desktop and the mobile (Pixel 7) project.
test('the bottom navigation shows Home, Search, Chat and My Account on narrow screens only', async ({ page, isMobile }) => {
  await page.goto('/de/shop/');
  const nav = page.getByRole('navigation', { name: shellMessages.de.mainNavLabel });
  if (isMobile) {
    await expect(nav.getByRole('link')).toHaveText([
      shellMessages.de.bottomHome,
      shellMessages.de.bottomSearch,
      shellMessages.de.bottomChat,
      shellMessages.de.bottomAccount,
    ]);
    // The fixed bar must not cover content: scrolled to the end, the footer's last link is on top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const box = (await page.locator('footer a').last().boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('footer') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
  } else {
    await expect(nav).toBeHidden();
  }
});

test('every page has the legal links and the EU common logo linking to the register', async ({ page }) => {
  await page.goto('/shop/');
  const footer = page.locator('footer');
  for (const name of [shellMessages.en.footerImprint, shellMessages.en.footerPrivacy]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(footer.locator('a[href^="https://"] svg, a[href^="https://"] img').first()).toBeVisible();
});

/**
 * A page that arrives in pieces (a slow network; on a busy phone the parser yields the same way):
 * this proxy sends the HTML up to the account menu, the middle of the header's actions, and holds
 * the rest until the test lets it go. Painted then, the search box would fill the room of the
 * actions not yet read and jump back when they arrive (CI measured CLS 0.006).
 */
async function heldPageProxy() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(SHOP_ORIGIN + req.url, { headers: { 'accept-encoding': 'identity' }, redirect: 'manual' });
      const body = Buffer.from(await upstream.arrayBuffer());
      const type = upstream.headers.get('content-type') ?? '';
      res.writeHead(upstream.status, { 'content-type': type });
      const cut = type.includes('text/html') ? body.indexOf('class="menu account"') : -1;
      if (cut < 0) return res.end(body);
      res.write(body.subarray(0, cut));
      await held;
      res.end(body.subarray(cut));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, release, close: () => server.close() };
}

for (const path of ['/shop/category/alternative-medicine/', '/de/shop/']) {
  test(`${path}: arriving slowly, nothing is painted before the header is whole, so the header never moves`, async ({ page }) => {
    const proxy = await heldPageProxy();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        // The header's own elements: what arrives below it may still be drawn in pieces.
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
          if ((entry.sources ?? []).some((source) => source.node instanceof Element && source.node.closest('.site-header'))) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const loaded = page.goto(proxy.origin + path);
    await page.waitForFunction(() => document.querySelector('.site-header .menu.help') !== null, undefined, { polling: 20 });
    // Proof of an absence needs a bound: an unblocked page draws its next frame within ~16 ms.
    const frame = await page.evaluate(
      () => new Promise((resolve) => { requestAnimationFrame(() => resolve('painted')); setTimeout(() => resolve('held'), 1000); }),
    );
    expect(frame).toBe('held');
    proxy.release();
    await loaded;
    await expect(page.locator('.site-header .lang')).toBeVisible();
    const shifts = await page.evaluate(() => new Promise<number[]>((resolve) => requestAnimationFrame(() => resolve((window as unknown as { __shifts: number[] }).__shifts))));
    expect(shifts).toEqual([]);
    proxy.close();
  });
}
