/**
 * Pharmacist chat under load: 200 customers, each with an open conversation and an open
 * Server-Sent Events stream on the chat page's topic (`user:<id>`), and every pharmacy's staff on
 * its inbox stream (`inbox:<pharmacy>`), on a real server process (scripts/start.ts, the shipped
 * build). Each customer writes once through the chat API, then the pharmacy answers each
 * conversation. Reports the delivery latency from the start of the POST to the receipt of the
 * `chat.message` event on the other side's stream (the pharmacy's inbox for a customer's message,
 * the customer's stream for an answer), median and p99. The conversations are spread over the demo
 * pharmacies so no pharmacist writes more than the chat's 10 messages a minute. Twice, as the
 * live-event bench (realtime.ts): one process on PGlite, and two processes on PostgreSQL where A
 * takes the POSTs and B holds the streams. Traffic stays on 127.0.0.1.
 */
import path from 'node:path';
import { loadCatalog } from '../../src/features/catalog';
import type { SseReader } from '../../tests/support/sse';
import { callApi, registerCustomer, staffLogin } from '../../tests/support/live-order';
import { withBenchDatabase } from './databases';
import { percentile, tenths } from './loopback';
import { inBatches, openBenchStream } from './realtime';
import { runWhenMain } from './run-alone';
import { startServer, type RunningServer } from './server';

export interface ChatMeasurement {
  setup: string;
  /** Customer → pharmacy inbox, or pharmacy → customer. */
  direction: string;
  conversations: number;
  streams: number;
  messages: number;
  receipts: number;
  missed: number;
  medianMs: number;
  p99Ms: number;
}

const CONCURRENCY = 20;
const EVENT_TIMEOUT_MS = 15_000;

/** One open stream: for each conversation, the receipt times of its `chat.message` events, in order. */
interface Stream {
  reader: SseReader;
  receipts: Map<string, number[]>;
}

/** An SSE stream of `topic` that records when each conversation's chat messages arrived. */
async function openStream(issuer: string, streams: string, token: string, topic: string): Promise<Stream> {
  const receipts = new Map<string, number[]>();
  const reader = await openBenchStream(issuer, streams, token, topic, (raw, receivedAt) => {
    const event = raw as { type: string; data: { conversation_id?: string } };
    const id = event.data.conversation_id;
    if (event.type === 'chat.message' && id) receipts.set(id, [...(receipts.get(id) ?? []), receivedAt]);
  });
  return { reader, receipts };
}

interface Conversation {
  id: string;
  pharmacyId: string;
  customerToken: string;
  stream: Stream;
}

async function run(setup: string, api: RunningServer, streams: RunningServer, conversations: number): Promise<ChatMeasurement[]> {
  const catalog = await loadCatalog(path.resolve('catalog'));
  const pharmacyIds = catalog.pharmacies.map((p) => p.id);
  const staff = new Map<string, { token: string; inbox: Stream }>();
  for (const pharmacyId of pharmacyIds) {
    const token = await staffLogin(api.baseUrl, pharmacyId);
    staff.set(pharmacyId, { token, inbox: await openStream(api.baseUrl, streams.baseUrl, token, `inbox:${pharmacyId}`) });
  }

  const open = await inBatches(conversations, CONCURRENCY, async (i): Promise<Conversation> => {
    const pharmacyId = pharmacyIds[i % pharmacyIds.length]!;
    const customer = await registerCustomer(api.baseUrl, 'bench-chat');
    const conversation = await callApi<{ id: string }>(api.baseUrl, customer.token, 'POST', '/v1/user/chat/conversations', { pharmacy_id: pharmacyId });
    return { id: conversation.id, pharmacyId, customerToken: customer.token, stream: await openStream(api.baseUrl, streams.baseUrl, customer.token, `user:${customer.userId}`) };
  });

  // The k-th chat.message of a conversation on a stream is its k-th message: the question (0), then the answer (1).
  const asked = new Map<string, number>();
  await inBatches(open.length, CONCURRENCY, async (i) => {
    const c = open[i]!;
    asked.set(c.id, Date.now());
    await callApi(api.baseUrl, c.customerToken, 'POST', `/v1/user/chat/conversations/${c.id}/messages`, { text: 'Can I take ibuprofen with my blood pressure tablets?' });
  });
  const answered = new Map<string, number>();
  await inBatches(open.length, CONCURRENCY, async (i) => {
    const c = open[i]!;
    answered.set(c.id, Date.now());
    await callApi(api.baseUrl, staff.get(c.pharmacyId)!.token, 'POST', `/v1/pharmacy/chat/conversations/${c.id}/messages`, { text: 'Please ask us first; we will check your tablets.' });
  });

  const inboxReceipt = (c: Conversation) => staff.get(c.pharmacyId)!.inbox.receipts.get(c.id)?.[0];
  const customerReceipt = (c: Conversation) => c.stream.receipts.get(c.id)?.[1];
  const deadline = Date.now() + EVENT_TIMEOUT_MS;
  while (Date.now() < deadline && open.some((c) => inboxReceipt(c) === undefined || customerReceipt(c) === undefined)) await new Promise((resolve) => setTimeout(resolve, 20));

  const streamCount = open.length + staff.size;
  await Promise.all([...open.map((c) => c.stream.reader.close()), ...[...staff.values()].map((s) => s.inbox.reader.close())]);
  const measure = (direction: string, sent: Map<string, number>, receipt: (c: Conversation) => number | undefined): ChatMeasurement => {
    const latencies: number[] = [];
    for (const c of open) {
      const at = receipt(c);
      if (at !== undefined) latencies.push(at - sent.get(c.id)!);
    }
    latencies.sort((x, y) => x - y);
    return {
      setup,
      direction,
      conversations: open.length,
      streams: streamCount,
      messages: open.length,
      receipts: latencies.length,
      missed: open.length - latencies.length,
      medianMs: tenths(percentile(latencies, 50)),
      p99Ms: tenths(percentile(latencies, 99)),
    };
  };
  return [measure('customer → pharmacy inbox', asked, inboxReceipt), measure('pharmacy → customer', answered, customerReceipt)];
}

export async function measureChat(options: { conversations?: number; env?: NodeJS.ProcessEnv; ports?: [number, number, number] } = {}): Promise<ChatMeasurement[]> {
  const conversations = options.conversations ?? 200;
  const [lonePort, portA, portB] = options.ports ?? [4391, 4392, 4393];
  // Every customer registers from 127.0.0.1; the per-address limit would refuse all but 20.
  const env = { ...options.env, APOBOTE_MODE: 'demo', REGISTER_LIMIT_PER_IP_PER_HOUR: String(conversations + 100) };
  const results: ChatMeasurement[] = [];

  const lone = await startServer({ port: lonePort, env });
  try {
    results.push(...(await run('1 process, PGlite (in-memory bus)', lone, lone, conversations)));
  } finally {
    await lone.stop();
  }

  const postgres = await withBenchDatabase('chat bench', async (url) => {
    let a: RunningServer | null = null;
    let b: RunningServer | null = null;
    try {
      a = await startServer({ port: portA, env: { ...env, DATABASE_URL: url } });
      b = await startServer({ port: portB, env: { ...env, DATABASE_URL: url } });
      return await run('2 processes, PostgreSQL (A takes the POSTs, B streams)', a, b, conversations);
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
    }
  });
  if (postgres) results.push(...postgres);
  return results;
}

/** The bench's table of chat measurements. */
export function printChat(chat: ChatMeasurement[]): void {
  console.log('Pharmacist chat (SSE; latency: start of the POST to receipt on the other side’s stream, 1 question and 1 answer per conversation):');
  console.table(chat.map((c) => ({ setup: c.setup, direction: c.direction, conversations: c.conversations, streams: c.streams, messages: c.messages, receipts: c.receipts, missed: c.missed, median: `${c.medianMs} ms`, p99: `${c.p99Ms} ms` })));
}

// `npx tsx scripts/bench/chat.ts` runs it alone (on the build in dist/); BENCH_PORT_BASE moves its three ports.
const portBase = Number(process.env.BENCH_PORT_BASE ?? 4391);
runWhenMain(import.meta.url, () => measureChat({ conversations: Number(process.env.BENCH_CONVERSATIONS ?? 200), ports: [portBase, portBase + 1, portBase + 2] }), printChat);
