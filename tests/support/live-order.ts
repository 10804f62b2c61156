import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { loadCatalog } from '../../src/features/catalog';

/*
 * A real order against a running server (`npm start` on the real clock), through its HTTP API:
 * a new customer next door to a courier pharmacy, one product it has plenty of, "as soon as
 * possible" while the pharmacy is open, else tomorrow's first window. Then the pharmacy's demo
 * pharmacist moves it on. For the multi-process test and the real-time bench.
 */

export const DEMO_PHARMACIST_PASSWORD = 'apobote-pharmacist';

export interface OrderTarget {
  pharmacyId: string;
  address: { street_address: string; house_number: string; room: null; postal_code: string; locality: string; note: null };
  pzn: string;
}

/** A courier pharmacy of the catalogue, an address next door, and a product it holds at least 100 of. */
export async function orderTarget(catalogDir = path.resolve('catalog')): Promise<OrderTarget> {
  const catalog = await loadCatalog(catalogDir);
  const sellable = new Set(catalog.products.filter((p) => p.kind === 'non-medicine' && !p.collectInPersonOnly).map((p) => p.pzn));
  for (const pharmacy of catalog.pharmacies) {
    if (pharmacy.selfPickupOnly || !pharmacy.deliveryOptions.includes('courier') || !pharmacy.deliveryZone.postalCodes.includes(pharmacy.address.postalCode)) continue;
    const row = catalog.stock.find((s) => s.pharmacyId === pharmacy.id && s.quantity >= 100 && sellable.has(s.pzn));
    if (!row) continue;
    const { street, houseNumber, postalCode, city } = pharmacy.address;
    return { pharmacyId: pharmacy.id, pzn: row.pzn, address: { street_address: street, house_number: houseNumber, room: null, postal_code: postalCode, locality: city, note: null } };
  }
  throw new Error('the catalogue has no courier pharmacy with stock next door');
}

export async function callApi<T = Record<string, unknown>>(baseUrl: string, token: string | null, method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Registers a customer; their token and id. */
export async function registerCustomer(baseUrl: string, tag: string): Promise<{ token: string; userId: string; email: string }> {
  const password = 'correct-horse-battery';
  const email = `${tag}.${randomUUID().slice(0, 8)}@example.de`;
  const registered = await callApi<{ token: string; user: { id: string } }>(baseUrl, null, 'POST', '/v1/user/register', {
    firstName: 'Erika',
    lastName: 'Live',
    email,
    birthDate: '1990-05-15',
    password,
    confirmPassword: password,
  });
  return { token: registered.token, userId: registered.user.id, email };
}

/** A draft with every answer given (address, cart, delivery, safety, consent, phone), ready to pay. */
export async function prepareDraft(baseUrl: string, token: string, target: OrderTarget): Promise<{ id: string; order_number: string }> {
  await callApi(baseUrl, token, 'POST', '/v1/user/shipping/', target.address);
  await callApi(baseUrl, token, 'PUT', '/v1/user/cart/pharmacy', { pharmacyId: target.pharmacyId });
  await callApi(baseUrl, token, 'PUT', `/v1/user/cart/items/${target.pzn}`, { quantity: 1 });
  const meta = { sessionId: randomUUID(), irClickId: null, locale: 'en' };
  const draft = await callApi<{ id: string; order_number: string; delivery_options: { courier: { asap: boolean; tomorrow: { start: string }[] } | null } }>(
    baseUrl,
    token,
    'POST',
    '/v2/user/orders',
    { meta },
  );
  const courier = draft.delivery_options.courier;
  if (!courier) throw new Error(`${target.pharmacyId} offers no courier delivery to ${target.address.postal_code}`);
  const delivery = courier.asap ? { option: 'asap' } : { option: 'tomorrow', slot_start: courier.tomorrow[0]!.start };
  await callApi(baseUrl, token, 'PUT', `/v2/user/orders/${draft.id}`, {
    delivery,
    safety: { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false },
    consent_pharmacy_data: true,
    phone: '0151 23456789',
    meta,
  });
  return { id: draft.id, order_number: draft.order_number };
}

/**
 * Paid as the checkout does: a PaymentIntent from the shop, the card typed into the (demo) provider's
 * hosted fields (posted to the provider's endpoint only). Answers the intent to place the order with.
 */
export async function authorizePayment(baseUrl: string, token: string, draftId: string, idempotencyKey: string): Promise<string> {
  const intent = await callApi<{ intent_id: string; client_secret: string }>(baseUrl, token, 'POST', `/v2/user/orders/${draftId}/payment-intents`, { method: 'card' }, { 'idempotency-key': idempotencyKey });
  const confirmed = await fetch(`${baseUrl}/demo-psp/v1/payment_intents/${intent.intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ client_secret: intent.client_secret, type: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' }),
  });
  if (!confirmed.ok) throw new Error(`demo provider confirm: ${confirmed.status}`);
  return intent.intent_id;
}

/** The customer's "Order and pay" for a prepared draft and its authorized intent, with the given Idempotency-Key. */
export function submitPlacement(baseUrl: string, token: string, draftId: string, idempotencyKey: string, intentId: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v2/user/orders/${draftId}/place`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ payment: { payment_intent_id: intentId } }),
  });
}

/** A placed order (pending at the target pharmacy) of the customer. */
export async function placeOrder(baseUrl: string, token: string, target: OrderTarget): Promise<{ id: string; order_number: string }> {
  const draft = await prepareDraft(baseUrl, token, target);
  const key = randomUUID();
  const response = await submitPlacement(baseUrl, token, draft.id, key, await authorizePayment(baseUrl, token, draft.id, key));
  if (!response.ok) throw new Error(`placing ${draft.order_number} answered ${response.status}: ${await response.text()}`);
  return draft;
}

export async function staffLogin(baseUrl: string, pharmacyId: string): Promise<string> {
  const login = await callApi<{ token: string }>(baseUrl, null, 'POST', '/v1/user/login', { email: `${pharmacyId}@staff.apobote.de`, password: DEMO_PHARMACIST_PASSWORD });
  return login.token;
}

/** accept, check, pack, pickup or deliver, as the pharmacy's staff. */
export const staffAction = (baseUrl: string, staffToken: string, orderId: string, action: 'accept' | 'check' | 'pack' | 'pickup' | 'deliver') =>
  callApi<{ status: string }>(baseUrl, staffToken, 'POST', `/v1/pharmacy/orders/${orderId}/${action}`, {});
