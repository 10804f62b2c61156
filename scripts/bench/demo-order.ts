import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../src/platform/payments/test-cards';

/*
 * An order the demo customer places over the API, as checkout does (draft, choices, a card held at
 * the demo provider, place), so the bench weighs the order page of a real order and not its
 * "order not found" state, which loads the error catalogue on top.
 */
export async function placeDemoOrder(baseUrl: string, token: string): Promise<string> {
  const call = async <T>(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: baseUrl, ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const meta = { sessionId: randomUUID(), irClickId: null, locale: 'en' };
  const draft = await call<{ id: string; delivery_options: { courier?: { asap: boolean; tomorrow: { start: string }[] } } }>('POST', '/api/v2/user/orders', { meta });
  const courier = draft.delivery_options.courier!;
  const delivery = courier.asap ? { option: 'asap' } : { option: 'tomorrow', slot_start: courier.tomorrow[0]!.start };
  await call('PUT', `/api/v2/user/orders/${draft.id}`, {
    delivery,
    safety: { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false },
    consent_pharmacy_data: true,
    phone: '0151 98765432',
    meta,
  });
  const key = randomUUID();
  const intent = await call<{ intent_id: string; client_secret: string }>('POST', `/api/v2/user/orders/${draft.id}/payment-intents`, { method: 'card', return_url: '/shop/checkout/' }, { 'idempotency-key': key });
  // The card goes to the (demo) provider, as the hosted fields send it; never to the shop's API.
  await call('POST', `/demo-psp/v1/payment_intents/${intent.intent_id}/confirm`, { client_secret: intent.client_secret, type: 'card', number: TEST_CARDS.visa, expiry: '12/34', cvc: '123' });
  await call('POST', `/api/v2/user/orders/${draft.id}/place`, { payment: { payment_intent_id: intent.intent_id } }, { 'idempotency-key': key });
  return draft.id;
}
