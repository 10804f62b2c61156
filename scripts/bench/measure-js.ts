import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium';

export interface JsMeasurement {
  page: string;
  url: string;
  /** Compressed bytes of every script loaded by the page before any interaction. */
  scriptBytesGzip: number;
  scriptFiles: number;
  inlineScriptBytesGzip: number;
  /** Each script file loaded, with its compressed size. */
  scripts: { url: string; bytesGzip: number }[];
}

/** Catalogue pages: budget 20 KB gzip before interaction, no React. */
export const CATALOGUE_JS_BUDGET_KB = 20;
/** Pages with React islands (cart, checkout, account, order, back office): budget 85 KB gzip. */
export const ISLAND_JS_BUDGET_KB = 85;

/** The pages with islands the bench weighs; weighed logged in (the back office as a pharmacist). */
export const ISLAND_PAGES: { name: string; path: string }[] = [
  { name: 'cart', path: '/shop/cart/' },
  { name: 'checkout', path: '/shop/checkout/' },
  { name: 'account', path: '/shop/account/' },
  { name: 'orders', path: '/shop/orders/' },
  { name: 'order page', path: '/shop/orders/view/?id=1' },
  { name: 'addresses', path: '/shop/addresses/' },
  { name: 'settings', path: '/shop/settings/' },
  { name: 'coupons', path: '/shop/coupons/' },
  { name: 'back office', path: '/pharmacy/' },
];

/** Loads each page in Chromium (mobile viewport), waits for the network to settle, sums the JS. */
export async function measureJs(pages: { name: string; url: string; token?: string }[]): Promise<JsMeasurement[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results: JsMeasurement[] = [];
  try {
    for (const target of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
      const page = await context.newPage();
      const token = target.token;
      if (token) await page.addInitScript((value) => localStorage.setItem('apobote.token', value), token);
      // Once per file (a module preloaded and imported is one download), gzipped as the e2e budget test does.
      const scripts = new Map<string, Promise<{ url: string; bytesGzip: number }>>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
        scripts.set(
          response.url(),
          response.body().then(
            (body) => ({ url: response.url(), bytesGzip: gzipSync(body).length }),
            () => ({ url: response.url(), bytesGzip: 0 }),
          ),
        );
      });
      await page.goto(target.url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500); // idle/visible islands would load by now
      const inline = await page.$$eval('script:not([src])', (nodes) =>
        nodes.filter((n) => !n.getAttribute('type') || n.getAttribute('type') === 'module').map((n) => n.textContent ?? ''),
      );
      const loaded = await Promise.all(scripts.values());
      const sizes = loaded.map((script) => script.bytesGzip);
      const inlineBytes = inline.reduce((sum, code) => sum + (code ? gzipSync(code).length : 0), 0);
      results.push({
        page: target.name,
        url: target.url,
        scriptBytesGzip: sizes.reduce((a, b) => a + b, 0) + inlineBytes,
        scriptFiles: sizes.length,
        inlineScriptBytesGzip: inlineBytes,
        scripts: loaded,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
