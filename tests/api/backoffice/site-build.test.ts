import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeBus, realtimeBus, setRealtimeBus, topicOf, type RealtimeBus, type RealtimeEvent } from '../../../src/platform/realtime';
import { prepareNextDir, runChild, swapInBuild, type BuildRunner } from '../../../src/platform/server/site-build';
import { createSiteRebuilder, SITE_BUILD_TOPIC_ID, type SiteRebuilder } from '../../../src/features/backoffice';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, demoManagerEmail, seedDemoBackOffice } from '../../../src/features/accounts';
import { call } from '../support/shopper';
import { DAILY, newCustomer, pharmacistToken, useOrdersApp } from '../orders/harness';

/*
 * Issue 13, "Rebuild the static pages": operators only, one build at a time (409 SITE_BUILD_RUNNING),
 * the build's lines live on operator:site-build, and a failed build leaves the running site as it
 * was. The build runner is a fake child process (node -e) that prints lines, writes a page into the
 * output folder and exits 0 or 1; the swap is the real one, on a temporary dist folder.
 */

const work = mkdtempSync(path.join(tmpdir(), 'apobote-site-build-'));
const dist = path.join(work, 'dist');
const next = `${dist}-next`;
const page = () => readFileSync(path.join(dist, 'client', 'shop', 'index.html'), 'utf8');

/** What the next fake build does; `gate` holds it until the test lets it go. */
const plan: { exitCode: number; gate: Promise<void> } = { exitCode: 0, gate: Promise.resolve() };
const fakeChild = (exitCode: number) =>
  [
    "const fs = require('node:fs'), path = require('node:path');",
    "const out = process.env.OUT_DIR;",
    "console.log('building client');",
    "fs.mkdirSync(path.join(out, 'client', 'shop'), { recursive: true });",
    "fs.writeFileSync(path.join(out, 'client', 'shop', 'index.html'), 'new build');",
    "console.log('  ├─ /shop/index.html (+3ms)');",
    exitCode === 0 ? "console.log('Complete!');" : "console.error('[ERROR] products/x.json: price missing');",
    `process.exit(${exitCode});`,
  ].join('\n');
const runner: BuildRunner = async (run) => {
  await plan.gate;
  return runChild(process.execPath, ['-e', fakeChild(plan.exitCode)], { env: { ...process.env, OUT_DIR: run.outDir! }, onLine: run.onLine });
};

let tick = Date.parse('2026-03-02T09:00:00Z');
const clock = { now: () => new Date((tick += 1000)) };
const topic = topicOf('operator', SITE_BUILD_TOPIC_ID);
const rebuilder: SiteRebuilder = createSiteRebuilder({
  runner,
  outDir: next,
  prepare: () => prepareNextDir(next),
  swap: (now) => swapInBuild(dist, next, now),
  publish: async (event) => {
    await realtimeBus().publish(h.db, topic, event.type, event.data);
  },
  clock,
});
const h = useOrdersApp({ siteRebuilder: rebuilder });

let bus: RealtimeBus | null = null;
let previous: RealtimeBus | null = null;
let operator: string;
let manager: string;
let pharmacist: string;
let customer: string;

beforeAll(async () => {
  previous = realtimeBus();
  bus = createRealtimeBus({ databaseUrl: h.testDb.url });
  setRealtimeBus(bus);
  mkdirSync(path.join(dist, 'client', 'shop'), { recursive: true });
  writeFileSync(path.join(dist, 'client', 'shop', 'index.html'), 'old build');
  await seedDemoBackOffice(h.db, [DAILY]);
  const login = async (email: string, password: string) => (await call<{ token: string }>(h.app, '/v1/user/login', { body: { email, password } })).body.token;
  operator = await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
  manager = await login(demoManagerEmail(DAILY), DEMO_MANAGER_PASSWORD);
  pharmacist = await pharmacistToken(h.app, DAILY);
  customer = (await newCustomer(h.app)).token;
});
afterAll(async () => {
  await rebuilder.settled();
  if (previous) setRealtimeBus(previous);
  await bus?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every event on the topic until the build has finished. */
async function followBuild(): Promise<{ events: RealtimeEvent[]; stop: () => void; finished: Promise<void> }> {
  const events: RealtimeEvent[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const stop = await realtimeBus().subscribe(topic, (event) => {
    events.push(event);
    if (event.type === 'site.build.finished') done();
  });
  return { events, stop, finished };
}

describe('rebuild the static pages', () => {
  it('is for operators only: managers, pharmacists and customers 403, also for the live topic', async () => {
    for (const token of [manager, pharmacist, customer]) {
      expect((await call(h.app, '/v1/pharmacy/site-build', { token, method: 'POST', body: {} })).status).toBe(403);
      expect((await call(h.app, '/v1/pharmacy/site-build', { token })).status).toBe(403);
      expect((await call(h.app, '/v1/realtime/tickets', { token, body: { topic } })).status).toBe(403);
    }
    expect((await call(h.app, '/v1/realtime/tickets', { token: operator, body: { topic } })).status).toBe(201);
    expect((await call(h.app, '/v1/pharmacy/site-build', { method: 'POST', body: {} })).status).toBe(401);
  });

  it('runs one build at a time, streams its lines and swaps the new pages in', async () => {
    let release!: () => void;
    plan.exitCode = 0;
    plan.gate = new Promise<void>((resolve) => (release = resolve));
    const live = await followBuild();
    const started = await call<{ phase: string; topic: string }>(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {} });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ phase: 'running', topic });
    const second = await call<{ code: string }>(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {}, lang: 'de' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('SITE_BUILD_RUNNING');
    release();
    await live.finished;
    live.stop();
    const lines = live.events.filter((event) => event.type === 'site.build.lines').flatMap((event) => (event.data as { lines: string[] }).lines);
    expect(lines).toEqual(['building client', '  ├─ /shop/index.html (+3ms)', 'Complete!']);
    expect(live.events.at(-1)?.data).toEqual({ phase: 'succeeded', exit_code: 0, pages: 1 });
    expect(page()).toBe('new build');
    const status = await call<{ phase: string; pages: number; log: string[] }>(h.app, '/v1/pharmacy/site-build', { token: operator });
    expect(status.body).toMatchObject({ phase: 'succeeded', pages: 1, log: lines });
  });

  it('a failed build leaves the running site as it was and shows its log; then a new build may start', async () => {
    plan.exitCode = 1;
    plan.gate = Promise.resolve();
    const live = await followBuild();
    expect((await call(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {} })).status).toBe(202);
    await live.finished;
    live.stop();
    expect(live.events.at(-1)?.data).toMatchObject({ phase: 'failed', exit_code: 1 });
    const lines = live.events.filter((event) => event.type === 'site.build.lines').flatMap((event) => (event.data as { lines: string[] }).lines);
    expect(lines).toContain('[ERROR] products/x.json: price missing');
    expect(page()).toBe('new build');
    const status = await call<{ phase: string; log: string[] }>(h.app, '/v1/pharmacy/site-build', { token: operator });
    expect(status.body.phase).toBe('failed');
    expect(status.body.log).toContain('[ERROR] products/x.json: price missing');
  });
});
