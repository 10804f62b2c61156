import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShopServer } from '../../../src/platform/server/http-server';
import type { MaintenanceState } from '../../../src/platform/server/maintenance-gate';
import { buildCsp } from '../../../src/platform/security/csp';

const clientDir = mkdtempSync(path.join(tmpdir(), 'apobote-client-'));
const page = (message: string) => `<html><body><h1>Maintenance</h1><p id="maintenance-message">${message}</p></body></html>`;
mkdirSync(path.join(clientDir, 'maintenance'), { recursive: true });
mkdirSync(path.join(clientDir, 'de', 'maintenance'), { recursive: true });
writeFileSync(path.join(clientDir, 'maintenance', 'index.html'), page('Default English'));
writeFileSync(path.join(clientDir, 'de', 'maintenance', 'index.html'), page('Standard Deutsch'));

let generation = 1;
let renders = 0;
let state: MaintenanceState = { on: false, message: { en: '', de: '' } };
const logLines: string[] = [];
const bigHtml = `<html><body>${'<p>Ibuprofen 400 mg</p>'.repeat(500)}</body></html>`;
const server = createShopServer({
  clientDir,
  csp: buildCsp(['sha256-abc']),
  hsts: false,
  maintenance: async () => state,
  log: (line) => logLines.push(line),
  onDemand: {
    prefix: '/catalog-live',
    route: (pathname) => (pathname.startsWith('/shop/product/changed') ? `/catalog-live${pathname}` : null),
    generation: () => generation,
  },
  redirect: (pathname) => (pathname === '/shop/product/old-10019621/' ? '/shop/product/new/10019621/' : null),
  handler: (req, res) => {
    if (req.url?.startsWith('/catalog-live/')) {
      renders += 1;
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=0, must-revalidate' });
      res.write(`rendered ${req.url}`);
      res.end(` #${generation}`);
      return;
    }
    if (req.url?.startsWith('/api/')) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(bigHtml);
  },
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // Idle keep-alive sockets would hold close() for the server's 65 s keep-alive timeout.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the shop server wrapper', () => {
  it('answers a moved page with 301 to its new place, keeping the query; other methods and pages pass through', async () => {
    const moved = await fetch(`${base}/shop/product/old-10019621/?utm_source=mail`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/shop/product/new/10019621/?utm_source=mail');
    const head = await fetch(`${base}/shop/product/old-10019621/`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(301);
    expect((await fetch(`${base}/shop/product/new/10019621/`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${base}/shop/product/old-10019621/`, { method: 'POST', redirect: 'manual' })).status).not.toBe(301);
  });

  it('compresses HTML with brotli or gzip as the client accepts', async () => {
    const br = await fetch(`${base}/shop/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(bigHtml); // fetch decodes: the content survives the round trip
    const gzip = await fetch(`${base}/shop/`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends security headers and a CSP that allows no third-party origin', async () => {
    const res = await fetch(`${base}/shop/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('marks hashed build assets immutable and pages as revalidating', async () => {
    expect((await fetch(`${base}/_astro/app.abc123.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/shop/`)).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('replaces shop pages by the maintenance message in the page language while the flag is on', async () => {
    state = { on: true, message: { en: 'Back at <noon>', de: 'Wieder da um 12 Uhr' } };
    try {
      const en = await fetch(`${base}/shop/category/vitamins/`);
      expect(en.status).toBe(503);
      expect(en.headers.get('retry-after')).toBe('600');
      const html = await en.text();
      expect(html).toContain('<p id="maintenance-message">Back at &lt;noon&gt;</p>');
      const de = await fetch(`${base}/de/shop/`);
      expect(await de.text()).toContain('Wieder da um 12 Uhr');
      // The API and the legal pages (Impressum must always be reachable) are not gated.
      expect((await fetch(`${base}/api/shop/v1/config`)).status).toBe(200);
      expect((await fetch(`${base}/legal/imprint/`)).status).toBe(200);
    } finally {
      state = { on: false, message: { en: '', de: '' } };
    }
    expect((await fetch(`${base}/shop/`)).status).toBe(200);
  });

  it('hands pages the catalogue changed to the on-demand route, query kept, and refuses that route from outside', async () => {
    const changed = await fetch(`${base}/shop/product/changed-12345678/?ref=mail`);
    expect(await changed.text()).toBe('rendered /catalog-live/shop/product/changed-12345678/?ref=mail #1');
    const unchanged = await fetch(`${base}/shop/product/other-87654321/`);
    expect(await unchanged.text()).toBe(bigHtml);
    const outside = await fetch(`${base}/catalog-live/shop/product/changed-12345678/`);
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { code: string }).code).toBe('NOT_FOUND');
    // Only page reads: a form posted to a product page is not a render.
    const posted = await fetch(`${base}/shop/product/changed-12345678/`, { method: 'POST', headers: { origin: base } });
    expect(await posted.text()).toBe(bigHtml);
  });

  it('answers a page rendered on demand from its cache until the next change, compressed as ever', async () => {
    const url = `${base}/shop/product/changed-cached-12345678/`;
    const first = await (await fetch(url)).text();
    const before = renders;
    const again = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(again.headers.get('content-encoding')).toBeNull(); // too small to compress
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await again.text()).toBe(first);
    expect(renders).toBe(before);
    generation = 2;
    expect(await (await fetch(url)).text()).toBe('rendered /catalog-live/shop/product/changed-cached-12345678/ #2');
    expect(renders).toBe(before + 1);
  });

  it('writes one JSON log line per request, without the query string', async () => {
    logLines.length = 0;
    await (await fetch(`${base}/shop/login?code=secret`)).text();
    // The line is written when the server finishes the response, which may be just after the client
    // has read it; earlier tests' responses may still be finishing, so look at this request's lines only.
    const mine = () => logLines.filter((line) => line.includes('/shop/login'));
    await vi.waitFor(() => expect(mine()).not.toEqual([]));
    expect(mine()).toHaveLength(1);
    expect(JSON.parse(mine()[0]!)).toMatchObject({ msg: 'request', method: 'GET', path: '/shop/login', status: 200 });
    expect(mine()[0]).not.toContain('secret');
  });
});
