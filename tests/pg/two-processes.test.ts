import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/bench/server';
import { SseReader } from '../support/sse';
import { callApi, orderTarget, placeOrder, registerCustomer, staffAction, staffLogin } from '../support/live-order';
import { createPgTestDb, freePort } from './support';
import type { TestDb } from '../api/support/test-db';

/*
 * Two real server processes (scripts/start.ts, the shipped build) on one PostgreSQL database: an
 * order event published through process A reaches an SSE client of process B through
 * LISTEN/NOTIFY, and a client that reconnects to either resumes from its last event id.
 * Process A builds first when the build is stale; B starts on that build.
 */

let testDb: TestDb;
let a: RunningServer;
let b: RunningServer;
const logs = { a: '', b: '' };

beforeAll(async () => {
  testDb = await createPgTestDb();
  const env = { DATABASE_URL: testDb.url!, APOBOTE_MODE: 'demo', LOG_REQUESTS: 'true' };
  a = await startServer({ port: await freePort(), env: { ...env, SKIP_BUILD: '0' }, output: (text) => (logs.a += text) });
  b = await startServer({ port: await freePort(), env, output: (text) => (logs.b += text) });
}, 320_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await testDb?.close();
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
