import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeBus, realtimeBus, setRealtimeBus, topicOf, type RealtimeBus, type RealtimeEvent } from '../../../src/platform/realtime';
import { prepareNextDir, runChild, swapInBuild, type BuildRunner } from '../../../src/platform/server/site-build';
import { createSiteRebuilder, databaseBuildGuard, LEASE_MS, SITE_BUILD_TOPIC_ID, siteBuildLeases, type SiteRebuilder } from '../../../src/features/backoffice';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, demoManagerEmail, seedDemoBackOffice } from '../../../src/features/accounts';
import { call } from '../support/shopper';
import { DAILY, newCustomer, pharmacistToken, useOrdersApp } from '../orders/harness';

/*
 * Issue 13, "Rebuild the static pages": operators only, one build at a time (409 SITE_BUILD_RUNNING),
 * also across server processes on one database (the lease), the build's lines live on
 * operator:site-build, and a failed build leaves the running site as it was. The build runner is a
 * fake child process (node -e) that prints lines, writes a page into the output folder and exits 0 or
 * 1 (or runs until it is stopped); the swap is the real one, on a temporary dist folder. Another
 * server process is a second rebuilder on the same database with its own lease owner.
 */

const work = mkdtempSync(path.join(tmpdir(), 'apobote-site-build-'));
const dist = path.join(work, 'dist');
const next = `${dist}-next`;
const page = () => readFileSync(path.join(dist, 'client', 'shop', 'index.html'), 'utf8');

/** What the next fake build does (exit 0 or 1, or run until stopped); `gate` holds it until the test lets it go. */
const plan: { exitCode: number | 'never'; gate: Promise<void>; content: string } = { exitCode: 0, gate: Promise.resolve(), content: 'new build' };
const fakeChild = (exitCode: number | 'never', content: string) =>
  [
    "const fs = require('node:fs'), path = require('node:path');",
    "const out = process.env.OUT_DIR;",
    "console.log('building client');",
    "fs.mkdirSync(path.join(out, 'client', 'shop'), { recursive: true });",
    `fs.writeFileSync(path.join(out, 'client', 'shop', 'index.html'), ${JSON.stringify(content)});`,
    "console.log('  ├─ /shop/index.html (+3ms)');",
    // 'never': until it is stopped, or (a test that failed before stopping it) half a minute.
    exitCode === 'never' ? 'setTimeout(() => process.exit(3), 30_000);' : exitCode === 0 ? "console.log('Complete!');" : "console.error('[ERROR] products/x.json: price missing');",
    exitCode === 'never' ? '' : `process.exit(${exitCode});`,
  ].join('\n');
const runner: BuildRunner = async (run) => {
  await plan.gate;
  return runChild(process.execPath, ['-e', fakeChild(plan.exitCode, plan.content)], { env: { ...process.env, OUT_DIR: run.outDir! }, onLine: run.onLine, ...(run.signal ? { signal: run.signal } : {}) });
};

let tick = Date.parse('2026-03-02T09:00:00Z');
const clock = { now: () => new Date((tick += 1000)) };
const topic = topicOf('operator', SITE_BUILD_TOPIC_ID);
/** One server process's rebuilder: its own lease owner on the shared database. */
const processRebuilder = (renewMs?: number): SiteRebuilder =>
  createSiteRebuilder({
    runner,
    outDir: next,
    prepare: () => prepareNextDir(next),
    swap: (now) => swapInBuild(dist, next, now),
    publish: async (event) => {
      await realtimeBus().publish(h.db, topic, event.type, event.data);
    },
    clock,
    guard: databaseBuildGuard(async () => h.db),
    ...(renewMs ? { renewMs } : {}),
  });
const rebuilder = processRebuilder();
const h = useOrdersApp({ siteRebuilder: rebuilder });
const otherProcesses: SiteRebuilder[] = [];

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
  await Promise.all([rebuilder, ...otherProcesses].map((each) => each.settled()));
  if (previous) setRealtimeBus(previous);
  await bus?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every event on the topic from the next build's start until it has finished. */
async function followBuild(): Promise<{ events: RealtimeEvent[]; stop: () => void; finished: Promise<void> }> {
  const events: RealtimeEvent[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  // From this build's start on: on PostgreSQL the end of a build before may still be on its way.
  let started = false;
  const stop = await realtimeBus().subscribe(topic, (event) => {
    started ||= event.type === 'site.build.started';
    if (!started) return;
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

describe('one build at a time across server processes (the database lease)', () => {
  const leases = async () => (await h.db.select().from(siteBuildLeases)).map((row) => row.owner);

  it('a build running in another process: a start here answers 409 SITE_BUILD_RUNNING in the user\'s language, the status says it runs there', async () => {
    let release!: () => void;
    plan.exitCode = 0;
    plan.content = 'built by the other process';
    plan.gate = new Promise<void>((resolve) => (release = resolve));
    const other = processRebuilder();
    otherProcesses.push(other);
    expect(await other.start()).toBe(true);
    const startedThere = (await other.status()).started_at;

    const german = await call<{ code: string; message: string }>(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {}, lang: 'de' });
    expect(german.status).toBe(409);
    expect(german.body).toMatchObject({ code: 'SITE_BUILD_RUNNING', message: 'Die statischen Seiten werden bereits neu erstellt. Warten Sie, bis dieser Build fertig ist.' });
    const english = await call<{ code: string; message: string }>(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {}, lang: 'en' });
    expect(english.body.message).toBe('The static pages are being rebuilt already. Wait until that build has finished.');
    const here = await call<{ phase: string; other_process: boolean; started_at: string; log: string[] }>(h.app, '/v1/pharmacy/site-build', { token: operator });
    expect(here.body).toMatchObject({ phase: 'running', other_process: true, started_at: startedThere, log: [] });

    release();
    await other.settled();
    expect(page()).toBe('built by the other process');
    expect(await leases()).toEqual([]);
    // Its lease released, this process may build again.
    plan.content = 'new build';
    expect((await call(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {} })).status).toBe(202);
    await rebuilder.settled();
    expect(page()).toBe('new build');
    const after = await call<{ phase: string; other_process: boolean }>(h.app, '/v1/pharmacy/site-build', { token: operator });
    expect(after.body).toMatchObject({ phase: 'succeeded', other_process: false });
  });

  it('of two starts at the same moment on two processes exactly one builds', async () => {
    plan.exitCode = 1;
    plan.gate = Promise.resolve();
    const [first, second] = [processRebuilder(), processRebuilder()];
    otherProcesses.push(first, second);
    const started = await Promise.all([first.start(), second.start()]);
    expect(started.filter(Boolean)).toHaveLength(1);
    await Promise.all([first.settled(), second.settled()]);
    expect(await leases()).toEqual([]);
  });

  it('a process that died mid-build blocks new builds only until its lease runs out', async () => {
    plan.exitCode = 1;
    plan.gate = Promise.resolve();
    // A process claimed the build and then died: its lease is never renewed nor released.
    expect(await databaseBuildGuard(async () => h.db, { owner: 'crashed-process' }).claim(new Date(tick))).toBe(true);
    const refused = await call<{ code: string }>(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {} });
    expect([refused.status, refused.body.code]).toEqual([409, 'SITE_BUILD_RUNNING']);
    tick += LEASE_MS;
    expect((await call(h.app, '/v1/pharmacy/site-build', { token: operator, method: 'POST', body: {} })).status).toBe(202);
    await rebuilder.settled();
    expect(await leases()).toEqual([]);
  });

  it('a build whose lease another process has taken over is stopped and never swapped in', async () => {
    plan.exitCode = 'never';
    plan.content = 'a build that lost its turn';
    plan.gate = Promise.resolve();
    const stalled = processRebuilder(20);
    otherProcesses.push(stalled);
    expect(await stalled.start()).toBe(true);
    // Its lease ran out while it stalled and another process claimed the build.
    await h.db.update(siteBuildLeases).set({ owner: 'the-process-that-took-over' });
    await stalled.settled();
    const status = await stalled.status();
    expect(status.phase).toBe('running'); // the other process's build, as far as this one can tell
    expect(status.other_process).toBe(true);
    expect(page()).toBe('new build');
    expect(await leases()).toEqual(['the-process-that-took-over']);
    await h.db.execute(sql`delete from site_build_leases`);
    const own = await stalled.status();
    expect(own).toMatchObject({ phase: 'failed', exit_code: null, other_process: false });
    expect(own.log).toContain('Another server process took over the build: this one was stopped and is not put in service.');
  });
});
