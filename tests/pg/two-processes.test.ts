import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/bench/server';
import { SseReader } from '../support/sse';
import { authorizePayment, callApi, orderTarget, placeOrder, prepareDraft, registerCustomer, staffAction, staffLogin, submitPlacement } from '../support/live-order';
import { RATE_RULES } from '../../src/features/accounts/model/limits';
import { DEMO_OPERATOR } from '../../src/features/accounts';
import { basePrice, groupProducts, loadCatalog, productSlug, type Product } from '../../src/features/catalog';
import { formatPrice } from '../../src/platform/i18n/format';
import { LEASE_MS, siteBuildLeases } from '../../src/features/backoffice';
import { createPgTestDb, freePort } from './support';
import type { TestDb } from '../api/support/test-db';

/*
 * Two real server processes (scripts/start.ts, the shipped build) on one PostgreSQL database, as
 * `npm run start:cluster` runs them: an order event published through process A reaches an SSE
 * client of process B through LISTEN/NOTIFY, and a client that reconnects to either resumes from its
 * last event id; rate limits, idempotency keys, sessions (a logout counts at once on the other
 * process) and the remote-config cache behave as with one process; "Rebuild the static pages" runs once at a time whichever process is asked. Process A
 * builds first when the build is stale; B starts on that build.
 */
const ADMIN_API_TOKEN = 'two-processes-admin-token';
// The rebuild runs tests/pg/site-build-stand-in.mjs instead of a minutes-long `astro build`: it holds
// the guard until the gate file exists, then fails on purpose (the shared dist/ is never swapped).
const gateDir = mkdtempSync(path.join(tmpdir(), 'apobote-site-build-gate-'));
const gate = path.join(gateDir, 'finish');
const SITE_BUILD_ENV = { SITE_BUILD_TEST_SCRIPT: path.resolve('tests/pg/site-build-stand-in.mjs'), SITE_BUILD_TEST_GATE: gate };

let testDb: TestDb;
let a: RunningServer;
let b: RunningServer;
const logs = { a: '', b: '' };
// B takes the operator's catalogue uploads into a copy, never into the repository's catalog/.
let catalogCopy: string;

beforeAll(async () => {
  testDb = await createPgTestDb();
  // PASSWORD_HASH_COST: demo mode may hash cheaply, and this file registers and logs in a few times.
  const env = { DATABASE_URL: testDb.url!, APOBOTE_MODE: 'demo', LOG_REQUESTS: 'true', ADMIN_API_TOKEN, PASSWORD_HASH_COST: '10', ...SITE_BUILD_ENV };
  a = await startServer({ port: await freePort(), env: { ...env, SKIP_BUILD: '0' }, output: (text) => (logs.a += text) });
  catalogCopy = await mkdtemp(path.join(tmpdir(), 'apobote-two-processes-catalog-'));
  await cp(path.resolve('catalog'), catalogCopy, { recursive: true });
  b = await startServer({ port: await freePort(), env: { ...env, CATALOG_DIR: catalogCopy }, output: (text) => (logs.b += text) });
}, 320_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await testDb?.close();
  if (catalogCopy) await rm(catalogCopy, { recursive: true, force: true });
  rmSync(gateDir, { recursive: true, force: true });
});

type Message = { id: number; topic: string; type: string; data: { order_id: string; status: string } };

async function openStream(server: RunningServer, streamUrl: string) {
  // A browser sends Accept-Encoding: the stream must still arrive unbuffered and uncompressed.
  const response = await fetch(`${server.baseUrl}${streamUrl}`, { headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(response.headers.get('content-encoding')).toBeNull();
  return new SseReader(response.body!);
}

describe('real time across server processes on PostgreSQL', () => {
  it('an event published through process A reaches an SSE client of process B, and a reconnect resumes', async () => {
    const target = await orderTarget();
    const customer = await registerCustomer(a.baseUrl, 'two-processes');
    const order = await placeOrder(a.baseUrl, customer.token, target);
    const topic = `order:${order.id}`;

    const onB = await callApi<{ ticket: string; stream_url: string }>(b.baseUrl, customer.token, 'POST', '/v1/realtime/tickets', { topic });
    const stream = await openStream(b, onB.stream_url);
    expect(JSON.parse((await stream.nextEvent((e) => e.event === 'ready')).data)).toEqual({ topic, resumed: false });

    const staff = await staffLogin(a.baseUrl, target.pharmacyId);
    await staffAction(a.baseUrl, staff, order.id, 'accept');
    const accepted = await stream.nextEvent();
    const event = JSON.parse(accepted.data) as Message;
    expect(event).toMatchObject({ topic, type: 'order.status', data: { order_id: order.id, status: 'paid' } });
    await stream.close();

    // While the customer is away, A packs it; the ticket bought on A opens B's stream from the last id.
    await staffAction(a.baseUrl, staff, order.id, 'check');
    await staffAction(a.baseUrl, staff, order.id, 'pack');
    const onA = await callApi<{ ticket: string; stream_url: string }>(a.baseUrl, customer.token, 'POST', '/v1/realtime/tickets', { topic });
    const resumed = await openStream(b, `${onA.stream_url}&last_event_id=${accepted.id}`);
    expect((JSON.parse((await resumed.nextEvent()).data) as Message).data.status).toBe('packed');
    expect(JSON.parse((await resumed.nextEvent()).data)).toEqual({ topic, resumed: true });
    await resumed.close();

    // The request logs name the stream, never its ticket.
    expect(logs.a + logs.b).toContain('/api/v1/realtime/tickets');
    for (const ticket of [onA.ticket, onB.ticket]) expect(logs.a + logs.b).not.toContain(ticket);
  });
});

describe('shared state across server processes on PostgreSQL', () => {
  it('rate limits count the requests to either process', async () => {
    const customer = await registerCustomer(a.baseUrl, 'limits');
    const login = (server: RunningServer) =>
      fetch(`${server.baseUrl}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: customer.email, password: 'not-the-password' }),
      }).then(async (response) => `${response.status} ${((await response.json()) as { code: string }).code}`);
    const { limit } = RATE_RULES.loginFailuresPerEmailAndClient;
    for (let attempt = 0; attempt < limit; attempt += 1) expect(await login(attempt % 2 === 0 ? a : b)).toBe('400 INCORRECT_PASSWORD');
    expect(await login(a)).toMatch(/^429 /);
    expect(await login(b)).toMatch(/^429 /);
  });

  it('a session ended through process A is refused at once by process B, which had answered it from memory', async () => {
    const customer = await registerCustomer(a.baseUrl, 'logout');
    const profile = (server: RunningServer, token: string) => fetch(`${server.baseUrl}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status);
    // B resolves the token twice: the second answer comes from its copy of the session.
    expect([await profile(b, customer.token), await profile(b, customer.token)]).toEqual([200, 200]);
    await callApi(a.baseUrl, customer.token, 'POST', '/v1/user/logout');
    expect(await profile(b, customer.token)).toBe(401);
    expect(await profile(a, customer.token)).toBe(401);

    // Ended in the database itself (as an erased account's sessions go, by cascade): the same.
    const other = await registerCustomer(a.baseUrl, 'revoked');
    expect(await profile(b, other.token)).toBe(200);
    await testDb.db.execute(sql`delete from auth_sessions where user_id = ${other.userId}`);
    expect(await profile(b, other.token)).toBe(401);
  });

  it('an Idempotency-Key used on process A is answered from its record on process B: one order, one charge', async () => {
    // Sent one after the other, so A's record exists when B is asked (the demo provider's intents are
    // in the database: tests/pg/demo-payments.test.ts spreads a checkout over both processes).
    const target = await orderTarget();
    const customer = await registerCustomer(a.baseUrl, 'idempotency');
    const draft = await prepareDraft(a.baseUrl, customer.token, target);
    const key = randomUUID();
    const intent = await authorizePayment(a.baseUrl, customer.token, draft.id, key);
    const onA = await submitPlacement(a.baseUrl, customer.token, draft.id, key, intent);
    const onB = await submitPlacement(b.baseUrl, customer.token, draft.id, key, intent);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    const bodies = (await Promise.all([onA.json(), onB.json()])) as { id: string; status: string }[];
    expect(bodies.map((body) => [body.id, body.status])).toEqual([
      [draft.id, 'pending'],
      [draft.id, 'pending'],
    ]);
    // A's answer may itself come from the order the provider's webhook placed a moment earlier (the
    // demo provider sends it on confirm, and on PostgreSQL it can win that race); B's is always A's record.
    expect(onB.headers.get('idempotent-replayed')).toBe('true');
    const charged = await testDb.db.execute(sql`select count(*)::int as n from payments where order_id = ${draft.id}`);
    expect((charged as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
  });

  it('a remote-config change through process A reaches process B at once, not after its cache lifetime', async () => {
    const shopPage = (server: RunningServer) => fetch(`${server.baseUrl}/shop/`).then((response) => response.status);
    const setMaintenance = (value: boolean) =>
      callApi(a.baseUrl, ADMIN_API_TOKEN, 'PUT', '/admin/v1/remote-config/maintenance_mode_web', { value, en: 'Back soon.', de: 'Gleich wieder da.' });
    /** B's answer once it differs from `before`, checked until a deadline far below the 30-minute cache. */
    const untilChanged = async (before: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const status = await shopPage(b);
        if (status !== before || Date.now() > deadline) return status;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    expect(await shopPage(b)).toBe(200); // B has now cached "no maintenance" for 30 minutes
    try {
      await setMaintenance(true);
      expect(await untilChanged(200)).toBe(503);
      expect(await shopPage(a)).toBe(503);
    } finally {
      await setMaintenance(false);
    }
    expect(await untilChanged(503)).toBe(200);
  });
});

/** Every script of a page, external and inline, data blocks (JSON-LD) aside. */
const scriptsOf = (html: string) => [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g)].map((match) => match[0]);

describe('a catalogue change without a rebuild, across processes', () => {
  it('a price the operator uploads through process B is on process A\'s product page in both languages (HTML, JSON-LD, Grundpreis, struck price) and in the cart within 60 s; unchanged pages stay the static build', async () => {
    const catalog = await loadCatalog(path.resolve('catalog'));
    const target = await orderTarget();
    const stocked = new Set(catalog.stock.filter((row) => row.pharmacyId === target.pharmacyId && row.quantity > 0).map((row) => row.pzn));
    // A product with a Grundpreis that the other tests here do not order, sold at the order target's pharmacy.
    // Without pack sizes: its page is its own (Product JSON-LD); a group's sizes are the next test's.
    const product = catalog.products.find((p) => p.pzn !== target.pzn && p.group === undefined && p.kind === 'non-medicine' && !p.collectInPersonOnly && stocked.has(p.pzn) && p.package.unit !== 'pcs' && p.wasPriceCents === undefined)!;
    const unchanged = catalog.products.find((p) => p.categorySlug !== product.categorySlug)!;
    const price = product.priceCents + 111;
    const was = price + 400;
    const file = `products/${product.categorySlug}.json`;
    const products = JSON.parse(await readFile(path.join(catalogCopy, file), 'utf8')) as Product[];
    const changed = products.map((p) => (p.pzn === product.pzn ? { ...p, priceCents: price, wasPriceCents: was, wasPriceKind: 'uvp' as const } : p));

    type Found = { items: { pzn: string; priceCents: number }[] };
    const searchOnA = async () => ((await (await fetch(`${a.baseUrl}/api/shop/v1/search?q=${product.pzn}`)).json()) as Found).items[0];
    // Process A's search index is built now, at the old price.
    expect(await searchOnA()).toMatchObject({ pzn: product.pzn, priceCents: product.priceCents });

    const operator = await callApi<{ token: string }>(b.baseUrl, null, 'POST', '/v1/user/login', { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password });
    const startedAt = Date.now();
    const report = await callApi<{ imported: boolean }>(b.baseUrl, operator.token, 'POST', '/v1/pharmacy/catalog/import', { path: file, file_text: JSON.stringify(changed, null, 2) });
    expect(report.imported).toBe(true);
    // Process A's search has the new price at once: before answering, it has heard of every committed change.
    expect(await searchOnA()).toMatchObject({ pzn: product.pzn, priceCents: price });

    const pagePath = (locale: 'en' | 'de') => `${locale === 'de' ? '/de' : ''}/shop/product/${productSlug(product)}/`;
    const offer = `"price":"${(price / 100).toFixed(2)}"`;
    // Process A was told nothing by this test: it follows the database (NOTIFY, else its poll).
    let html = '';
    while (!html.includes(offer)) {
      expect(Date.now() - startedAt, 'the new price is not on process A after 60 s').toBeLessThan(60_000);
      html = await (await fetch(`${a.baseUrl}${pagePath('en')}`)).text();
    }
    const base = basePrice(price, product.package.amount, product.package.unit)!;
    for (const locale of ['en', 'de'] as const) {
      const page = await fetch(`${a.baseUrl}${pagePath(locale)}`);
      expect(page.status).toBe(200);
      const text = await page.text();
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)![1]!) as { offers?: { price: string } }[];
      expect(jsonLd[0]!.offers!.price).toBe((price / 100).toFixed(2));
      expect(text).toContain(formatPrice(price, locale));
      expect(text).toContain(formatPrice(was, locale));
      expect(text).toContain(formatPrice(base.cents, locale));
      expect(text).not.toContain(`>${formatPrice(product.priceCents, locale)}<`);
      // Rendered on demand, yet exactly the static page's JavaScript (the 20 KB catalogue budget holds).
      const built = await readFile(path.resolve('dist/client', `.${pagePath(locale)}index.html`), 'utf8');
      expect(scriptsOf(text)).toEqual(scriptsOf(built));
    }
    // Its category lists the new price; a page without the product is byte for byte the static build.
    expect(await (await fetch(`${a.baseUrl}/de/shop/category/${product.categorySlug}/`)).text()).toContain(formatPrice(price, 'de'));
    const untouched = `/shop/product/${productSlug(unchanged)}/`;
    expect(await (await fetch(`${a.baseUrl}${untouched}`)).text()).toBe(await readFile(path.resolve('dist/client', `.${untouched}index.html`), 'utf8'));
    // The cart and the checkout read the database: the same price.
    const customer = await registerCustomer(a.baseUrl, 'fresh-price');
    await callApi(a.baseUrl, customer.token, 'POST', '/v1/user/shipping/', target.address);
    await callApi(a.baseUrl, customer.token, 'PUT', '/v1/user/cart/pharmacy', { pharmacyId: target.pharmacyId });
    const cart = await callApi<{ lines: { pzn: string; unitPriceCents: number }[] }>(a.baseUrl, customer.token, 'PUT', `/v1/user/cart/items/${product.pzn}`, { quantity: 1 });
    expect(cart.lines.find((line) => line.pzn === product.pzn)?.unitPriceCents).toBe(price);
  });

  it('a price uploaded for one pack size is on process A\'s group page and every size\'s page in both languages (selector price and Grundpreis, ProductGroup offer), laid out as the static pages', async () => {
    const catalog = await loadCatalog(path.resolve('catalog'));
    const groups = groupProducts(catalog.products).filter((g) => g.grouped && g.variants.length >= 2 && g.variants.every((v) => v.package.unit !== 'pcs'));
    const group = groups.find((g) => g.variants[1]!.pzn !== g.defaultVariant.pzn) ?? groups[0]!;
    const size = group.variants.find((v) => v.pzn !== group.defaultVariant.pzn)!;
    const sibling = group.defaultVariant;
    const price = size.priceCents + 222;
    const file = `products/${size.categorySlug}.json`;
    const products = JSON.parse(await readFile(path.join(catalogCopy, file), 'utf8')) as Product[];

    const operator = await callApi<{ token: string }>(b.baseUrl, null, 'POST', '/v1/user/login', { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password });
    const startedAt = Date.now();
    const changed = products.map((p) => (p.pzn === size.pzn ? { ...p, priceCents: price } : p));
    expect((await callApi<{ imported: boolean }>(b.baseUrl, operator.token, 'POST', '/v1/pharmacy/catalog/import', { path: file, file_text: JSON.stringify(changed, null, 2) })).imported).toBe(true);

    const offer = `"price":"${(price / 100).toFixed(2)}"`;
    const groupPath = `/shop/product/${group.slug}/`;
    let html = '';
    while (!html.includes(offer)) {
      expect(Date.now() - startedAt, 'the new price is not on process A\'s group page after 60 s').toBeLessThan(60_000);
      html = await (await fetch(`${a.baseUrl}${groupPath}`)).text();
    }
    const base = basePrice(price, size.package.amount, size.package.unit)!;
    const sizeLink = (text: string, pzn: string) => new RegExp(`<a[^>]*data-size="${pzn}"[^>]*>[\\s\\S]*?</a>`).exec(text)?.[0] ?? '';
    const selector = (text: string) => [...text.matchAll(/<a[^>]*data-size="(\d+)"[^>]*>/g)].map((match) => match[0]);
    for (const locale of ['en', 'de'] as const) {
      const prefix = locale === 'de' ? '/de' : '';
      for (const page of [`${prefix}${groupPath}`, `${prefix}/shop/product/${productSlug(size)}/`, `${prefix}/shop/product/${productSlug(sibling)}/`]) {
        const answer = await fetch(`${a.baseUrl}${page}`);
        expect(answer.status, page).toBe(200);
        const text = await answer.text();
        const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)![1]!) as { '@type': string; hasVariant: { sku: string; offers: { price: string } }[] }[];
        expect(jsonLd[0]!['@type']).toBe('ProductGroup');
        expect(jsonLd[0]!.hasVariant.find((v) => v.sku === size.pzn)?.offers.price, page).toBe((price / 100).toFixed(2));
        expect(jsonLd[0]!.hasVariant.find((v) => v.sku === sibling.pzn)?.offers.price, page).toBe((sibling.priceCents / 100).toFixed(2));
        // The size's button in the selector shows its new price and Grundpreis on every page of the group.
        expect(sizeLink(text, size.pzn)).toContain(formatPrice(price, locale));
        expect(sizeLink(text, size.pzn)).toContain(formatPrice(base.cents, locale));
        // Rendered on demand with the static route's props: the same selector (links, chosen size), canonical and
        // scripts as the group's prebuilt page (a size's own page is never prebuilt; it only chooses another size).
        const built = await readFile(path.resolve('dist/client', `.${prefix}${groupPath}index.html`), 'utf8');
        const shown = page.endsWith(groupPath) ? sibling.pzn : page.split('/').at(-2)!;
        const chosen = (anchor: string) => anchor.replace(/ aria-current="true"/, '');
        expect(selector(text).map(chosen)).toEqual(selector(built).map(chosen));
        expect(selector(text).filter((anchor) => anchor.includes('aria-current="true"'))).toEqual([expect.stringContaining(`data-size="${shown}"`)]);
        expect(/<link rel="canonical"[^>]*>/.exec(text)?.[0]).toBe(/<link rel="canonical"[^>]*>/.exec(built)?.[0]);
        expect(scriptsOf(text)).toEqual(scriptsOf(built));
      }
    }
  });
});

describe('"Rebuild the static pages" across server processes on PostgreSQL', () => {
  type Build = { phase: string; started_at: string | null; other_process: boolean; log: string[] };
  type Answer = { status: number; body: Build & { code?: string; message?: string } };
  let operator = '';
  const siteBuild = async (server: RunningServer, method: 'GET' | 'POST', lang: 'en' | 'de' = 'en'): Promise<Answer> => {
    operator ||= (await callApi<{ token: string }>(a.baseUrl, null, 'POST', '/v1/user/login', { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password })).token;
    const response = await fetch(`${server.baseUrl}/api/v1/pharmacy/site-build`, {
      method,
      headers: { authorization: `Bearer ${operator}`, 'accept-language': lang, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  /** The process's build once it has ended (the stand-in ends as soon as the gate exists). */
  const ended = async (server: RunningServer) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { body } = await siteBuild(server, 'GET');
      if (body.phase !== 'running' || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const leases = async () => (await testDb.db.select({ owner: siteBuildLeases.owner }).from(siteBuildLeases)).length;

  it('a build started through A: a start through either answers SITE_BUILD_RUNNING in the user\'s language, B says a build is running; once it has ended B may build', async () => {
    rmSync(gate, { force: true });
    const started = await siteBuild(a, 'POST');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ phase: 'running', other_process: false });

    const onB = await siteBuild(b, 'POST', 'de');
    expect([onB.status, onB.body.code]).toEqual([409, 'SITE_BUILD_RUNNING']);
    expect(onB.body.message).toBe('Die statischen Seiten werden bereits neu erstellt. Warten Sie, bis dieser Build fertig ist.');
    expect((await siteBuild(b, 'POST', 'en')).body.message).toBe('The static pages are being rebuilt already. Wait until that build has finished.');
    expect((await siteBuild(a, 'POST')).status).toBe(409);
    expect((await siteBuild(b, 'GET')).body).toMatchObject({ phase: 'running', other_process: true, started_at: started.body.started_at });

    writeFileSync(gate, '');
    const onA = await ended(a);
    expect(onA.phase).toBe('failed');
    expect(onA.log).toContain('[test stand-in] the build fails on purpose, so dist/ stays as it is');
    expect(await leases()).toBe(0);
    expect((await siteBuild(b, 'POST')).status).toBe(202);
    expect((await ended(b)).phase).toBe('failed');
    expect(await leases()).toBe(0);
  });

  it('a lease left by a process that died mid-build blocks a start on either process until it runs out', async () => {
    writeFileSync(gate, '');
    const now = Date.now();
    await testDb.db.insert(siteBuildLeases).values({ id: 'site-build', owner: 'a-process-that-died', startedAt: new Date(now), expiresAt: new Date(now + LEASE_MS) });
    expect((await siteBuild(a, 'POST')).body.code).toBe('SITE_BUILD_RUNNING');
    expect((await siteBuild(b, 'POST')).body.code).toBe('SITE_BUILD_RUNNING');
    expect((await siteBuild(a, 'GET')).body).toMatchObject({ phase: 'running', other_process: true });
    // Its lease runs out (never renewed): the next start takes the build over.
    await testDb.db.update(siteBuildLeases).set({ expiresAt: new Date(now - 1) });
    expect((await siteBuild(b, 'POST')).status).toBe(202);
    expect((await ended(b)).phase).toBe('failed');
    expect(await leases()).toBe(0);
  });
});
