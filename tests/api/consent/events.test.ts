import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../../src/features/analytics/server/schema';
import type { AnalyticsForwarder } from '../../../src/features/analytics';
import type { EventBatch } from '../../../src/features/analytics/model/events';
import { buildApi } from '../../../src/app/api';
import { fixedClock } from '../../../src/platform/clock';
import { WEEKDAY_MORNING } from '../support/api';
import { createTestDb, type TestDb } from '../support/test-db';

let testDb: TestDb;
let app: ReturnType<typeof buildApi>;
const forwarded: EventBatch[] = [];
const forwarder: AnalyticsForwarder = { forward: async (batch) => void forwarded.push(batch) };

beforeAll(async () => {
  testDb = await createTestDb();
  app = buildApi({ getDb: async () => testDb.db, clock: fixedClock(WEEKDAY_MORNING), analyticsForwarder: forwarder });
});
afterAll(() => testDb?.close());

const SESSION = 'r4nd0m-s3ss10n-1d_abcdef';
const event = (type = 'page_view', props?: Record<string, unknown>) => ({ type, at: '2026-06-16T08:00:00.000Z', path: '/shop/', ...(props ? { props } : {}) });

async function post(body: string, contentType = 'application/json') {
  const response = await app.request('/api/v1/events', { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as { code?: string } | null };
}

describe('POST /api/v1/events', () => {
  it('stores a batch with the random session id only, and forwards it to the hosted tool', async () => {
    const batch = { session_id: SESSION, events: [event('page_view'), event('search', { results: 0, query: 'zzqx' }), event('add_to_cart', { pzn: '10019621', quantity: 2 })] };
    const answer = await post(JSON.stringify(batch));
    expect(answer.status).toBe(204);
    const rows = await testDb.db.select().from(analyticsEvents);
    expect(rows.map((row) => [row.sessionId, row.type, row.props])).toEqual([
      [SESSION, 'page_view', {}],
      [SESSION, 'search', { results: 0, query: 'zzqx' }],
      [SESSION, 'add_to_cart', { pzn: '10019621', quantity: 2 }],
    ]);
    await expect.poll(() => forwarded.length).toBe(1);
    expect(forwarded[0]).toEqual(batch);
  });

  it.each([
    ['not JSON', '{"session_id":'],
    ['no events', JSON.stringify({ session_id: SESSION, events: [] })],
    ['no session id', JSON.stringify({ events: [event()] })],
    ['a short session id', JSON.stringify({ session_id: 'abc', events: [event()] })],
    ['an unknown event type', JSON.stringify({ session_id: SESSION, events: [event('email_entered')] })],
    ['an unknown field', JSON.stringify({ session_id: SESSION, events: [{ ...event(), email: 'a@b.de' }] })],
    ['a nested prop', JSON.stringify({ session_id: SESSION, events: [event('search', { q: { deep: true } })] })],
    ['a bad timestamp', JSON.stringify({ session_id: SESSION, events: [{ ...event(), at: 'yesterday' }] })],
    ['an array', JSON.stringify([event()])],
    ['null', 'null'],
  ])('rejects a malformed batch (%s) with 400', async (_name, body) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body?.code).toMatch(/^(BAD_REQUEST|MISSING_PARAMS)$/);
  });

  it('rejects more than 50 events and more than 16 KiB with 413, never 5xx', async () => {
    const many = await post(JSON.stringify({ session_id: SESSION, events: Array.from({ length: 51 }, () => event()) }));
    expect(many.status).toBe(413);
    expect(many.body?.code).toBe('PAYLOAD_TOO_LARGE');
    const big = await post(JSON.stringify({ session_id: SESSION, events: [event('search', { query: 'x'.repeat(200) })], pad: 'y'.repeat(17 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
