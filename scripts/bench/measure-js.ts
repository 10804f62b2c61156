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
}

/** Loads each page in Chromium (mobile viewport), waits for the network to settle, sums the JS. */
export async function measureJs(pages: { name: string; url: string }[]): Promise<JsMeasurement[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results: JsMeasurement[] = [];
  try {
    for (const target of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.push(response.request().sizes().then((sizes) => sizes.responseBodySize));
      });
      await page.goto(target.url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500); // idle/visible islands would load by now
      const inline = await page.$$eval('script:not([src])', (nodes) =>
        nodes.filter((n) => !n.getAttribute('type') || n.getAttribute('type') === 'module').map((n) => n.textContent ?? ''),
      );
      const sizes = await Promise.all(scripts);
      const inlineBytes = inline.reduce((sum, code) => sum + (code ? gzipSync(code).length : 0), 0);
      results.push({
        page: target.name,
        url: target.url,
        scriptBytesGzip: sizes.reduce((a, b) => a + b, 0) + inlineBytes,
        scriptFiles: sizes.length,
        inlineScriptBytesGzip: inlineBytes,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
