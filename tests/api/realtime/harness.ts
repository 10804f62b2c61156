import { afterAll, beforeAll } from 'vitest';
import { createRealtimeBus, realtimeBus, setRealtimeBus, type RealtimeBus, type RealtimeSettings } from '../../../src/platform/realtime';
import { SseReader } from '../../support/sse';
import { call } from '../support/shopper';
import { DAILY, place, PLASTER, readyDraft, setStock, useOrdersApp, VISA, type App, type OrdersHarness } from '../orders/harness';

export interface RealtimeHarness extends OrdersHarness {
  bus: RealtimeBus;
}

/**
 * The orders app (fixture catalogue, pharmacies and their staff) with this file's own bus: in
 * memory on PGlite, LISTEN/NOTIFY on this file's PostgreSQL database under `npm run test:pg`.
 */
export function useRealtimeApp(settings: Partial<RealtimeSettings> = {}): RealtimeHarness {
  const h = useOrdersApp({ realtime: settings }) as RealtimeHarness;
  // API files share a worker (isolate: false): the process's bus is handed back, open, at the end.
  let previous: RealtimeBus | undefined;
  beforeAll(async () => {
    previous = realtimeBus();
    h.bus = createRealtimeBus({ databaseUrl: h.testDb.url });
    setRealtimeBus(h.bus);
    await setStock(h.db, DAILY, { [PLASTER]: 1000 });
  });
  // Registered after the app's own hook, so it runs first: the LISTEN connection ends before the database is dropped.
  afterAll(async () => {
    if (previous) setRealtimeBus(previous);
    await h.bus?.close();
  });
  return h;
}

export interface TicketBody {
  ticket: string;
  topic: string;
  expires_at: string;
  stream_url: string;
}

export const requestTicket = (app: App, token: string, topic: string, lang?: 'en' | 'de') =>
  call<TicketBody>(app, '/v1/realtime/tickets', { token, body: { topic }, ...(lang ? { lang } : {}) });

/** A ticket the caller is known to be allowed; fails the test otherwise. */
export async function ticketFor(app: App, token: string, topic: string): Promise<TicketBody> {
  const answer = await requestTicket(app, token, topic);
  if (answer.status !== 201) throw new Error(`ticket refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** GET of a stream URL as EventSource would send it. */
export const getStream = (app: App, url: string, headers: Record<string, string> = {}) => app.request(url, { headers: { accept: 'text/event-stream', ...headers } });

/** Opens the stream of a fresh ticket and reads up to its `ready` event. */
export async function subscribe(app: App, token: string, topic: string, options: { lastEventId?: number; header?: boolean } = {}) {
  const { stream_url } = await ticketFor(app, token, topic);
  let url = stream_url;
  const headers: Record<string, string> = {};
  if (options.lastEventId !== undefined) {
    if (options.header) headers['last-event-id'] = String(options.lastEventId);
    else url += `&last_event_id=${options.lastEventId}`;
  }
  const response = await getStream(app, url, headers);
  if (response.status !== 200 || !response.body) throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  const reader = new SseReader(response.body);
  const replayed: { id: string | null; data: unknown }[] = [];
  for (;;) {
    const item = await reader.nextEvent();
    if (item.event === 'ready') return { response, reader, replayed, ready: { id: item.id, data: JSON.parse(item.data) as { topic: string; resumed: boolean } } };
    replayed.push({ id: item.id, data: JSON.parse(item.data) });
  }
}

/** A placed order (pending at the fixture pharmacy) and its customer. */
export async function placedOrder(app: App) {
  const { customer, draft } = await readyDraft(app);
  const placed = await place(app, customer.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { customer, order: placed.body };
}
