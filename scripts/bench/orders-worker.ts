/**
 * The customers of the order bench (orders.ts), on a thread of their own: their fetches, JSON and
 * timing must not queue on the event loop of the shop they measure, nor take its turns, or every
 * placement latency would include the customers' own work (a real shop's customers are browsers
 * elsewhere). The thread does what the checkout does over HTTP, the card typed into the provider's
 * hosted fields included, and reports per placement its latency and PaymentIntent; the main thread
 * knows how long the shop spent at the provider for each intent and works out the shop's share.
 */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { seededRandom } from '../../src/features/delivery';
import { TEST_CARDS } from '../../src/platform/payments';

export interface OrdersWorkerInput {
  baseUrl: string;
  /** Path the bench server answers a card confirmation on, as the hosted fields post it to the provider. */
  confirmPath: string;
  tokens: readonly string[];
  pharmacyId: string;
}

export type OrdersWorkerCommand =
  | { kind: 'warm-up'; pzns: readonly string[]; checkouts: number }
  | { kind: 'loop'; pzns: readonly string[]; thinkMs: number; seconds: number; maxPlacements: number }
  | { kind: 'prepare-burst'; pzn: string; round: number }
  | { kind: 'place-burst' };

export interface Placement {
  intentId: string;
  ms: number;
  status: number;
  code: string | null;
}

export type OrdersWorkerAnswer =
  | { kind: 'loop'; placements: Placement[]; errors: number; elapsedSeconds: number }
  | { kind: 'warmed-up' }
  | { kind: 'prepared' }
  | { kind: 'placed'; placements: Placement[]; wallMs: number }
  | { kind: 'failed'; message: string };

const input = workerData as OrdersWorkerInput;

async function call(token: string, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${input.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as { id?: string; intent_id?: string; client_secret?: string; code?: string; status?: string } };
}

interface Ready {
  token: string;
  orderId: string;
  intentId: string;
}

/** What the checkout does before "Order and pay": cart, draft, a PaymentIntent, the card confirmed in the provider's hosted fields. */
async function prepare(token: string, pzn: string, quantity: number, n: number): Promise<Ready> {
  await call(token, 'PUT', '/api/v1/user/cart/pharmacy', { pharmacyId: input.pharmacyId });
  await call(token, 'PUT', `/api/v1/user/cart/items/${pzn}`, { quantity });
  const draft = await call(token, 'POST', '/api/v2/user/orders', {
    delivery: { option: 'asap' },
    safety: { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false },
    consent_pharmacy_data: true,
    meta: { sessionId: `bench-${n}`, irClickId: null, locale: 'de' },
  });
  if (draft.status !== 201 || !draft.body.id) throw new Error(`draft answered ${draft.status}`);
  const created = await call(token, 'POST', `/api/v2/user/orders/${draft.body.id}/payment-intents`, { method: 'card', save_card: false, return_url: '/shop/checkout/' }, { 'idempotency-key': randomUUID() });
  if (created.status !== 200 || !created.body.intent_id || !created.body.client_secret) throw new Error(`payment intent answered ${created.status} ${created.body.code ?? ''}`);
  // The browser's side: the card goes to the provider only (not the shop's round trip).
  const confirmed = await call('', 'POST', `${input.confirmPath}/${created.body.intent_id}`, { client_secret: created.body.client_secret, number: TEST_CARDS.visa, expiry: '12/30', cvc: '123' });
  if (confirmed.body.status !== 'requires_capture') throw new Error(`the provider did not hold the card: ${confirmed.body.status}`);
  return { token, orderId: draft.body.id, intentId: created.body.intent_id };
}

/** POST …/place ("Order and pay") and its latency. */
async function place({ token, orderId, intentId }: Ready): Promise<Placement> {
  const t0 = performance.now();
  const placed = await call(token, 'POST', `/api/v2/user/orders/${orderId}/place`, { payment: { payment_intent_id: intentId } }, { 'idempotency-key': randomUUID() });
  return { intentId, ms: performance.now() - t0, status: placed.status, code: placed.body.code ?? null };
}

async function loop({ pzns, thinkMs, seconds, maxPlacements }: Extract<OrdersWorkerCommand, { kind: 'loop' }>): Promise<OrdersWorkerAnswer> {
  const placements: Placement[] = [];
  let errors = 0;
  let started = 0;
  const begin = performance.now();
  const deadline = begin + seconds * 1000;
  await Promise.all(
    input.tokens.map(async (token, customer) => {
      const random = seededRandom(customer + 1);
      // Exponential pauses (a Poisson stream per customer), cut at the end of the measurement.
      const pause = () => (thinkMs > 0 ? new Promise((resolve) => setTimeout(resolve, Math.min(-Math.log(1 - random()) * thinkMs, Math.max(0, deadline - performance.now())))) : undefined);
      // Customers who pause start spread out, as they would arrive, not all in the same millisecond.
      await pause();
      while (performance.now() < deadline && started < maxPlacements) {
        const n = started++;
        try {
          const placed = await place(await prepare(token, pzns[n % pzns.length]!, 1 + (n % 3), n));
          placements.push(placed);
          if (placed.status !== 200 && errors++ === 0) console.error(`placement answered ${placed.status} ${placed.code}`);
        } catch (error) {
          if (errors++ === 0) console.error('checkout failed:', error);
        }
        await pause();
      }
    }),
  );
  return { kind: 'loop', placements, errors, elapsedSeconds: (performance.now() - begin) / 1000 };
}

let ready: Ready[] = [];

async function answer(command: OrdersWorkerCommand): Promise<OrdersWorkerAnswer> {
  switch (command.kind) {
    case 'warm-up':
      // Plans, caches and the first connections, before a measurement.
      for (const [i, token] of input.tokens.slice(0, command.checkouts).entries()) await place(await prepare(token, command.pzns[i % command.pzns.length]!, 1, i));
      return { kind: 'warmed-up' };
    case 'loop':
      return loop(command);
    case 'prepare-burst':
      ready = await Promise.all(input.tokens.map((token, i) => prepare(token, command.pzn, 1, command.round * 1000 + i)));
      return { kind: 'prepared' };
    case 'place-burst': {
      const t0 = performance.now();
      const placements = await Promise.all(ready.map((attempt) => place(attempt)));
      return { kind: 'placed', placements, wallMs: performance.now() - t0 };
    }
  }
}

parentPort!.on('message', (command: OrdersWorkerCommand) => {
  answer(command).then(
    (result) => parentPort!.postMessage(result),
    (error: unknown) => parentPort!.postMessage({ kind: 'failed', message: String((error as Error)?.stack ?? error) } satisfies OrdersWorkerAnswer),
  );
});
