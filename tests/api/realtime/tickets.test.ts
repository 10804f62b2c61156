import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { call } from '../support/shopper';
import { newCustomer, pharmacistToken, DAILY } from '../orders/harness';
import { PHARMACY } from '../support/fixtures';
import { placedOrder, requestTicket, useRealtimeApp } from './harness';

const h = useRealtimeApp();

describe('POST /api/v1/realtime/tickets', () => {
  it('needs a login (401) and a topic of a known kind (400)', async () => {
    const anonymous = await call(h.app, '/v1/realtime/tickets', { body: { topic: 'user:someone' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');

    const { token } = await newCustomer(h.app);
    for (const topic of ['order', 'orders:1', 'order:', 'order:a b', 'order:../x', 'chat:1']) {
      const refused = await requestTicket(h.app, token, topic);
      expect(refused.status, topic).toBe(400);
      expect(refused.body.code, topic).toBe('BAD_REQUEST');
    }
    expect((await call(h.app, '/v1/realtime/tickets', { token, body: {} })).body.code).toBe('MISSING_PARAMS');
  });

  it("gives a customer a short-lived ticket for their own order; another customer's order does not exist for them (404)", async () => {
    const { customer, order } = await placedOrder(h.app);
    const own = await requestTicket(h.app, customer.token, `order:${order.id}`);
    expect(own.status).toBe(201);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.body.topic).toBe(`order:${order.id}`);
    expect(own.body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(own.body.stream_url).toBe(`/api/v1/realtime/stream?ticket=${own.body.ticket}`);
    expect(new Date(own.body.expires_at).getTime() - h.clock.now().getTime()).toBe(60_000);

    const stranger = await newCustomer(h.app);
    const foreign = await requestTicket(h.app, stranger.token, `order:${order.id}`, 'de');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'NOT_FOUND', message: errorMessages.de.NOT_FOUND });
    expect((await requestTicket(h.app, stranger.token, 'order:no-such-order')).status).toBe(404);
  });

  it("opens a customer's own feed only (403 for another user's)", async () => {
    const me = await newCustomer(h.app);
    const other = await newCustomer(h.app);
    expect((await requestTicket(h.app, me.token, `user:${me.userId}`)).status).toBe(201);
    const refused = await requestTicket(h.app, me.token, `user:${other.userId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
  });

  it("lets pharmacy staff follow their pharmacy and its orders, not another pharmacy's", async () => {
    const { customer, order } = await placedOrder(h.app);
    const staff = await pharmacistToken(h.app, DAILY);
    const otherStaff = await pharmacistToken(h.app, PHARMACY.late);
    expect((await requestTicket(h.app, staff, `pharmacy:${DAILY}`)).status).toBe(201);
    expect((await requestTicket(h.app, staff, `order:${order.id}`)).status).toBe(201);
    expect((await requestTicket(h.app, otherStaff, `pharmacy:${DAILY}`)).status).toBe(403);
    expect((await requestTicket(h.app, otherStaff, `order:${order.id}`)).status).toBe(404);
    expect((await requestTicket(h.app, customer.token, `pharmacy:${DAILY}`)).status).toBe(403);
  });
});
