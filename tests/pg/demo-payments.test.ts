import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/bench/server';
import { callApi, orderTarget, prepareDraft, registerCustomer, staffAction, staffLogin, submitPlacement } from '../support/live-order';
import { demoPaymentIntents } from '../../src/platform/payments/demo-tables';
import { TEST_CARDS } from '../../src/platform/payments/test-cards';
import { createPgTestDb } from './support';
import type { TestDb } from '../api/support/test-db';

/*
 * The demo payment provider on two real server processes (scripts/start.ts, the shipped build) on one
 * PostgreSQL database, as `npm run start:cluster` runs them: its intents are in the database, so a
 * checkout's requests may go to either process (the shop's intent, the hosted fields' confirm, the
 * 3-D Secure or PayPal page, the placement, the pharmacy's capture), and a process restarted between
 * them has forgotten nothing. The server is started on the existing build (SKIP_BUILD=1 by default
 * in startServer; tests/pg/two-processes.test.ts builds when stale).
 */

let testDb: TestDb;
let a: RunningServer;
let b: RunningServer;
let env: NodeJS.ProcessEnv;
// DEMO_PAY_TEST_PORT: where this file's servers listen (a fresh port for each start), 4740 unless set.
let nextPort = Number(process.env.DEMO_PAY_TEST_PORT || 4740);
const freePort = async () => nextPort++;

beforeAll(async () => {
  testDb = await createPgTestDb();
  env = { DATABASE_URL: testDb.url!, APOBOTE_MODE: 'demo', PASSWORD_HASH_COST: '10' };
  a = await startServer({ port: await freePort(), env: { ...env, SKIP_BUILD: '0' } });
  b = await startServer({ port: await freePort(), env });
}, 320_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await testDb?.close();
});

type Intent = { intent_id: string; client_secret: string };

/** The shop's PaymentIntent for the draft, asked of `server`. */
const intentFor = (server: RunningServer, token: string, draftId: string, method: 'card' | 'paypal') =>
  callApi<Intent>(server.baseUrl, token, 'POST', `/v2/user/orders/${draftId}/payment-intents`, { method, return_url: '/shop/checkout/' }, { 'idempotency-key': randomUUID() });

/** What the hosted fields post to the provider (never to the shop's API). */
async function confirmAt(server: RunningServer, intent: Intent, body: Record<string, unknown>) {
  const response = await fetch(`${server.baseUrl}/demo-psp/v1/payment_intents/${intent.intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ client_secret: intent.client_secret, ...body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; redirect_url: string | null; error: string | null };
}

/** The provider's page (3-D Secure or PayPal): shown, then answered with one of its buttons; where it sends the browser back. */
async function decideAt(server: RunningServer, redirectUrl: string, outcome: string) {
  const page = await fetch(`${server.baseUrl}${redirectUrl}`);
  expect(page.status, `${redirectUrl} on ${server.baseUrl}`).toBe(200);
  const url = new URL(redirectUrl, server.baseUrl);
  const response = await fetch(`${server.baseUrl}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
    body: new URLSearchParams({ intent: url.searchParams.get('intent')!, outcome }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!, server.baseUrl);
}

const row = async (intentId: string) => (await testDb.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intentId)))[0];

describe('the demo payment provider across server processes on PostgreSQL', () => {
  it('3-D Secure: intent through A, card confirmed through B, challenge on A, placed through B, captured by the acceptance through A', async () => {
    const target = await orderTarget();
    const customer = await registerCustomer(a.baseUrl, 'demo-pay-3ds');
    const draft = await prepareDraft(a.baseUrl, customer.token, target);
    const intent = await intentFor(a, customer.token, draft.id, 'card');

    const confirmed = await confirmAt(b, intent, { type: 'card', number: TEST_CARDS.threeDSecure, expiry: '12/34', cvc: '123' });
    expect(confirmed).toMatchObject({ status: 'requires_action', error: null });
    const back = await decideAt(a, confirmed.redirect_url!, 'pass');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(back.searchParams.get('payment_intent')).toBe(intent.intent_id);
    expect(await row(intent.intent_id)).toMatchObject({ status: 'requires_capture', captureCount: 0 });

    const placed = await submitPlacement(b.baseUrl, customer.token, draft.id, randomUUID(), intent.intent_id);
    expect(placed.status, await placed.clone().text()).toBe(200);
    const staff = await staffLogin(a.baseUrl, target.pharmacyId);
    expect((await staffAction(a.baseUrl, staff, draft.id, 'accept')).status).toBe('paid');
    expect(await row(intent.intent_id)).toMatchObject({ status: 'succeeded', captureCount: 1, orderId: draft.id });
  });

  it('PayPal: a process restarted between the approval and the acceptance has forgotten no intent', async () => {
    const target = await orderTarget();
    const customer = await registerCustomer(b.baseUrl, 'demo-pay-restart');
    const draft = await prepareDraft(b.baseUrl, customer.token, target);
    const intent = await intentFor(b, customer.token, draft.id, 'paypal');
    const confirmed = await confirmAt(b, intent, { type: 'paypal' });
    expect(confirmed.status).toBe('requires_action');

    // B ends (as a cluster's process that dies) and a new one takes its place on the same database.
    await b.stop();
    b = await startServer({ port: await freePort(), env });
    const back = await decideAt(b, confirmed.redirect_url!, 'approve');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const placed = await submitPlacement(a.baseUrl, customer.token, draft.id, randomUUID(), intent.intent_id);
    expect(placed.status, await placed.clone().text()).toBe(200);
    // And A restarted too, before the pharmacy accepts through it.
    await a.stop();
    a = await startServer({ port: await freePort(), env });
    const staff = await staffLogin(a.baseUrl, target.pharmacyId);
    expect((await staffAction(a.baseUrl, staff, draft.id, 'accept')).status).toBe('paid');
    expect(await row(intent.intent_id)).toMatchObject({ status: 'succeeded', captureCount: 1, paymentMethod: { type: 'paypal' } });
  });
});
