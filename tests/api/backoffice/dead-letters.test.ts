import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, demoManagerEmail, seedDemoBackOffice } from '../../../src/features/accounts';
import { DeliveryError, listOutbox } from '../../../src/platform/mail';
import { enqueueMessage, outboxMessages, type OutboxTransport } from '../../../src/platform/outbox';
import { call } from '../support/shopper';
import { DAILY, pharmacistToken, useOrdersApp } from '../orders/harness';

/*
 * The operator's view of the outbox's dead letters (decision 0012): kind, masked recipient,
 * attempts, last error and when it was written; one can be sent again. Operators only.
 */

const h = useOrdersApp();
let operator: string;
let manager: string;

async function login(email: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(h.app, '/v1/user/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login failed for ${email}: ${answer.status}`);
  return answer.body.token;
}

beforeAll(async () => {
  await seedDemoBackOffice(h.db, [DAILY]);
  operator = await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
  manager = await login(demoManagerEmail(DAILY), DEMO_MANAGER_PASSWORD);
});

type DeadLetter = { id: number; kind: string; channel: string; recipient: string | null; attempts: number; last_error: string | null; created_at: string };

describe('dead letters in the back office', () => {
  it('lists what the worker gave up on, masked, and sends one again; operators only', async () => {
    await h.drain();
    await enqueueMessage(h.db, { kind: 'order.received', channel: 'email', key: 'dead-letter-test', to: 'dana.meyer@example.org', payload: { to: 'dana.meyer@example.org', subject: 'Your order', text: 'Hello Dana' } }, h.clock.now());
    const refusing: OutboxTransport = {
      async deliver() {
        throw new DeliveryError('550 no such user: dana.meyer@example.org');
      },
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await h.drain({ transports: { email: refusing } });
      h.clock.advance(2 * 60 * 60 * 1000);
    }
    vi.restoreAllMocks();

    const listed = await call<{ items: DeadLetter[] }>(h.app, '/v1/pharmacy/messages/dead-letters', { token: operator });
    expect(listed.status).toBe(200);
    const [dead] = listed.body.items.filter((item) => item.kind === 'order.received');
    expect(dead).toMatchObject({ channel: 'email', recipient: 'd***@example.org', attempts: 10, last_error: 'DeliveryError' });
    expect(JSON.stringify(listed.body)).not.toContain('dana.meyer');

    for (const token of [manager, await pharmacistToken(h.app, DAILY)]) {
      expect((await call(h.app, '/v1/pharmacy/messages/dead-letters', { token })).status).toBe(403);
      expect((await call(h.app, `/v1/pharmacy/messages/dead-letters/${dead!.id}/retry`, { token, body: {} })).status).toBe(403);
    }
    const denied = await call<{ code: string; message: string }>(h.app, `/v1/pharmacy/messages/dead-letters/${dead!.id}/retry`, { token: manager, body: {}, lang: 'de' });
    expect(denied.body.code).toBe('FORBIDDEN');

    const retried = await call(h.app, `/v1/pharmacy/messages/dead-letters/${dead!.id}/retry`, { token: operator, body: {} });
    expect(retried).toMatchObject({ status: 202, body: { queued: true } });
    expect((await call(h.app, `/v1/pharmacy/messages/dead-letters/${dead!.id}/retry`, { token: operator, body: {} })).status).toBe(404);
    await h.drain();
    expect((await listOutbox(h.db, { to: 'dana.meyer@example.org' })).map((mail) => mail.subject)).toEqual(['Your order']);
    const [row] = await h.db.select().from(outboxMessages).where(eq(outboxMessages.id, dead!.id));
    expect(row).toMatchObject({ status: 'sent', payload: null });
    expect((await call<{ items: DeadLetter[] }>(h.app, '/v1/pharmacy/messages/dead-letters', { token: operator })).body.items.filter((item) => item.id === dead!.id)).toEqual([]);
  });
});
