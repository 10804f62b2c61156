import { gzipSync } from 'node:zlib';
import { expect, type Page, type Request } from '@playwright/test';

/** The islands' framework: React tags its elements with these symbols. */
export const isIslandFramework = (body: string) => /Symbol\.for\(["'`]react\./.test(body);

/** Every script a page loads, with its body, in request order (call before the page's first load). */
export function recordScripts(page: Page) {
  const scripts: { url: string; request: Request; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), request: response.request(), body: response.text().catch(() => '') });
  });
  return scripts;
}

/**
 * Waits until the page has done what it defers to idle time (whenIdle): an idle callback of ours,
 * posted after the page's, has run and every script requested by then has arrived; again until a
 * round requests nothing new.
 */
export async function afterIdleWork(page: Page) {
  let requested = 0;
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    requested += 1;
    pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  for (let seen = -1; seen !== requested; ) {
    seen = requested;
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await expect.poll(() => pending.size).toBe(0);
  }
}

/** JavaScript the page has run so far, as the README's budgets count it: each file and inline script, gzipped. */
export async function scriptBytesGzip(page: Page, scripts: ReturnType<typeof recordScripts>): Promise<number> {
  const inline = await page.$$eval('script:not([src])', (nodes) =>
    nodes.filter((n) => !n.getAttribute('type') || n.getAttribute('type') === 'module').map((n) => n.textContent ?? ''),
  );
  const bodies = await Promise.all(scripts.map((s) => s.body));
  return [...bodies, ...inline].reduce((sum, code) => sum + (code ? gzipSync(code).length : 0), 0);
}
