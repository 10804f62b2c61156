/**
 * Live events under load: 1,000 Server-Sent Events subscribers follow one order on a real server
 * process (scripts/start.ts, the shipped build), while the pharmacy moves the order through accept,
 * pack, pickup and deliver. Reports the server's memory per open stream (growth of its resident
 * set from before the streams opened to when all are ready) and the delivery latency from publish
 * (the event's own timestamp) to receipt by each subscriber, median and p99. Twice: one process on
 * PGlite (the in-memory bus), and two processes on PostgreSQL where A publishes and B holds the
 * streams (LISTEN/NOTIFY). Traffic stays on 127.0.0.1; the PostgreSQL database is a throwaway one
 * next to BENCH_DATABASE_URL, skipped when unreachable.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { SseReader } from '../../tests/support/sse';
import { callApi, orderTarget, placeOrder, registerCustomer, staffAction, staffLogin } from '../../tests/support/live-order';
import { percentile, tenths } from './loopback';
import { withBenchDatabase } from './databases';
import { runWhenMain } from './run-alone';
import { startServer, type RunningServer } from './server';

export interface RealtimeMeasurement {
  setup: string;
  subscribers: number;
  opened: number;
  memoryPerSubscriberKb: number;
  events: number;
  receipts: number;
  missed: number;
  medianMs: number;
  p99Ms: number;
}

const ACTIONS = ['accept', 'pack', 'pickup', 'deliver'] as const;
const OPEN_CONCURRENCY = 50;
const EVENT_TIMEOUT_MS = 15_000;

/** Resident memory of a process and its children (tsx runs the server in a child of its CLI). */
function treeRssBytes(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) total += treeRssBytes(Number(child));
    }
  } catch {
    // The process ended meanwhile: it holds nothing.
  }
  return total;
}

interface Subscriber {
  reader: SseReader;
  received: Map<string, number>;
}

/**
 * Buys a ticket on `issuer`, opens the stream on `streams` and reads to `ready`; then hands every
 * message event to `onMessage` with the time it arrived, until the stream ends.
 */
export async function openBenchStream(issuer: string, streams: string, token: string, topic: string, onMessage: (event: unknown, receivedAt: number) => void): Promise<SseReader> {
  const { stream_url } = await callApi<{ stream_url: string }>(issuer, token, 'POST', '/v1/realtime/tickets', { topic });
  const response = await fetch(`${streams}${stream_url}`, { headers: { accept: 'text/event-stream' } });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = new SseReader(response.body);
  await reader.nextEvent((item) => item.event === 'ready');
  void (async () => {
    for (;;) {
      const item = await reader.next().catch(() => null);
      if (!item) return;
      if (item.kind !== 'event' || item.event !== 'message') continue;
      onMessage(JSON.parse(item.data), Date.now());
    }
  })();
  return reader;
}

/** A subscriber of the order's topic that records the receipt time of each status. */
async function subscribe(issuer: string, streams: string, token: string, topic: string): Promise<Subscriber> {
  const received = new Map<string, number>();
  const reader = await openBenchStream(issuer, streams, token, topic, (raw, receivedAt) => {
    const event = raw as { data: { status: string }; at: string };
    received.set(event.data.status, receivedAt - Date.parse(event.at));
  });
  return { reader, received };
}

/** Runs `work` for 0…count-1, at most `concurrency` at a time; the results in order of completion. */
export async function inBatches<T>(count: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) results.push(await work(next++));
    }),
  );
  return results;
}

async function run(setup: string, publisher: RunningServer, streams: RunningServer, subscribers: number): Promise<RealtimeMeasurement> {
  const target = await orderTarget();
  const customer = await registerCustomer(publisher.baseUrl, 'bench-live');
  const order = await placeOrder(publisher.baseUrl, customer.token, target);
  const staff = await staffLogin(publisher.baseUrl, target.pharmacyId);
  const topic = `order:${order.id}`;

  // Warm the stream path (code, plans) before measuring memory.
  const warm = await inBatches(10, 10, () => subscribe(publisher.baseUrl, streams.baseUrl, customer.token, topic));
  await Promise.all(warm.map((s) => s.reader.close()));
  const before = treeRssBytes(streams.pid);
  const open = await inBatches(subscribers, OPEN_CONCURRENCY, () => subscribe(publisher.baseUrl, streams.baseUrl, customer.token, topic));
  const after = treeRssBytes(streams.pid);

  const latencies: number[] = [];
  let missed = 0;
  for (const action of ACTIONS) {
    // The pharmaceutical check keeps the status (nothing to measure by status) but must come before packing.
    if (action === 'pack') await staffAction(publisher.baseUrl, staff, order.id, 'check');
    const { status } = await staffAction(publisher.baseUrl, staff, order.id, action);
    const deadline = Date.now() + EVENT_TIMEOUT_MS;
    while (Date.now() < deadline && open.some((s) => !s.received.has(status))) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const s of open) {
      const ms = s.received.get(status);
      if (ms === undefined) missed++;
      else latencies.push(ms);
    }
  }
  await Promise.all(open.map((s) => s.reader.close()));
  latencies.sort((x, y) => x - y);
  return {
    setup,
    subscribers,
    opened: open.length,
    memoryPerSubscriberKb: tenths((after - before) / open.length / 1024),
    events: ACTIONS.length,
    receipts: latencies.length,
    missed,
    medianMs: tenths(percentile(latencies, 50)),
    p99Ms: tenths(percentile(latencies, 99)),
  };
}

export async function measureRealtime(options: { subscribers?: number; env?: NodeJS.ProcessEnv; ports?: [number, number, number] } = {}): Promise<RealtimeMeasurement[]> {
  const subscribers = options.subscribers ?? 1000;
  const [lonePort, portA, portB] = options.ports ?? [4394, 4395, 4396];
  // One user holds every stream here; the per-user cap would refuse all but a few.
  const env = { ...options.env, APOBOTE_MODE: 'demo', REALTIME_MAX_STREAMS_PER_USER: String(subscribers + 100) };
  const results: RealtimeMeasurement[] = [];

  const lone = await startServer({ port: lonePort, env });
  try {
    results.push(await run('1 process, PGlite (in-memory bus)', lone, lone, subscribers));
  } finally {
    await lone.stop();
  }

  const postgres = await withBenchDatabase('real-time bench', async (url) => {
    let a: RunningServer | null = null;
    let b: RunningServer | null = null;
    try {
      a = await startServer({ port: portA, env: { ...env, DATABASE_URL: url } });
      b = await startServer({ port: portB, env: { ...env, DATABASE_URL: url } });
      return await run('2 processes, PostgreSQL (A publishes, B streams)', a, b, subscribers);
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
    }
  });
  if (postgres) results.push(postgres);
  return results;
}

// `npx tsx scripts/bench/realtime.ts` runs it alone (on the build in dist/).
runWhenMain(import.meta.url, () => measureRealtime({ subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 1000) }));
