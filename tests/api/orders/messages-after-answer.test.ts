import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryError, type MailMessage } from '../../../src/platform/mail';
import type { SmsMessage } from '../../../src/platform/sms';
import { answeredWorkSettled } from '../../../src/platform/server/after-answer';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import { DAILY, newCustomer, pharmacistToken, place, PLASTER, readyDraft, setStock, staffPost, useOrdersApp, VISA } from './harness';

/*
 * The messages that follow an order's step, or a pharmacist's chat reply, leave after its answer: a
 * customer pressing "Order and pay", or a pharmacist accepting or replying, does not wait for the
 * mail relay or the SMS gateway (a real one takes 100–500 ms). The relay here (the orders' and the
 * chat's mailer) holds every message until the test lets it go.
 */

type Held = { message: MailMessage | SmsMessage; release: () => void; fail: () => void };

const relay = {
  held: [] as Held[],
  delivered: [] as (MailMessage | SmsMessage)[],
  send(message: MailMessage | SmsMessage): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      relay.held.push({
        message,
        release: () => {
          relay.delivered.push(message);
          resolve();
        },
        fail: () => reject(new DeliveryError(`550 mailbox unavailable: ${message.to}`)),
      });
    });
  },
  /** Lets every held message go (or fails each), then waits until nothing is left to send. */
  async drain(how: 'release' | 'fail' = 'release') {
    while (relay.held.length > 0) {
      for (const held of relay.held.splice(0)) held[how]();
      await answeredWorkSettled();
    }
  },
};

const h = useOrdersApp({ orders: { mailer: () => relay, sms: () => relay } });

afterEach(async () => {
  await relay.drain();
  relay.delivered.length = 0;
  vi.restoreAllMocks();
});

describe('messages after the answer', () => {
  it("the placement answers while the customer's confirmation and the pharmacy's alert are still held at the relay", async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });

    const placed = await place(h.app, customer.token, draft.id, { payment: VISA });

    expect(placed.status).toBe(200);
    expect(relay.delivered).toEqual([]);
    // Nobody has the pharmacy's back office open here: its e-mail and SMS wait beside the customer's mail.
    await vi.waitFor(() => expect(relay.held.map((held) => held.message.to).sort()).toEqual([customer.email, `${PHARMACY.daily}@example.org`, '+493012345678'].sort()));

    await relay.drain();
    const confirmation = relay.delivered.find((message) => message.to === customer.email) as MailMessage;
    expect(confirmation.text).toContain(placed.body.order_number);
  });

  it("the pharmacist's acceptance answers while the customer's mail is held; a relay that refuses it leaves the order accepted and logs no address", async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    expect((await place(h.app, customer.token, draft.id, { payment: VISA })).status).toBe(200);
    await relay.drain();
    relay.delivered.length = 0;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const accepted = await staffPost(h.app, await pharmacistToken(h.app, DAILY), draft.id, 'accept');

    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'paid' });
    await vi.waitFor(() => expect(relay.held.map((held) => held.message.to)).toEqual([customer.email]));
    await relay.drain('fail');
    expect(relay.delivered).toEqual([]);
    const logged = errors.mock.calls.map((call) => String(call[0]));
    expect(logged.some((line) => line.includes('order mail not sent') && line.includes(draft.id))).toBe(true);
    expect(logged.join('\n')).not.toContain(customer.email);
  });

  it("a pharmacist's chat reply answers while the 'a pharmacist replied' mail to the away customer is held", async () => {
    const customer = await newCustomer(h.app);
    const started = await call<{ id: string }>(h.app, '/v1/user/chat/conversations', { token: customer.token, body: { pharmacy_id: DAILY } });
    expect(started.status).toBe(201);

    const replied = await call(h.app, `/v1/pharmacy/chat/conversations/${started.body.id}/messages`, { token: await pharmacistToken(h.app, DAILY), body: { text: 'Yes, that is fine.' } });

    expect(replied.status).toBe(201);
    expect(relay.delivered).toEqual([]);
    await vi.waitFor(() => expect(relay.held.map((held) => held.message.to)).toEqual([customer.email]));
    await relay.drain();
    expect(relay.delivered.map((message) => message.to)).toEqual([customer.email]);
    expect((relay.delivered[0] as MailMessage).subject).toMatch(/replied|geantwortet/);
  });
});
