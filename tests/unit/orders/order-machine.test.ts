import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  countsAsOrder,
  INITIAL_ORDER_STATUS,
  isFinalStatus,
  isOpenOffer,
  isUnpaidExpired,
  ORDER_EVENTS,
  ORDER_STATUSES,
  transition,
  unpaidExpiresAt,
  type OrderEvent,
  type OrderStatus,
} from '../../../src/features/orders/model/order-machine';
import { isErrorCode } from '../../../src/platform/http/error-codes';

/** Runs events from the initial status; the effects of every step, in order. */
function run(events: OrderEvent[], from: OrderStatus = INITIAL_ORDER_STATUS) {
  let status = from;
  const effects: string[] = [];
  for (const event of events) {
    const step = transition(status, event);
    if (!step.ok) throw new Error(`${event} refused in ${status}`);
    status = step.value.to;
    effects.push(...step.value.effects);
  }
  return { status, effects };
}

describe('order lifecycle', () => {
  it('starts unpaid and becomes an offer once the payment is authorized', () => {
    expect(INITIAL_ORDER_STATUS).toBe('awaiting_payment');
    expect(transition('awaiting_payment', 'authorize')).toEqual({ ok: true, value: { from: 'awaiting_payment', event: 'authorize', to: 'pending', effects: [] } });
  });

  it('captures the money only when the pharmacy accepts, and rewards the referrer on delivery', () => {
    expect(run(['authorize', 'accept', 'pack', 'pickup', 'deliver', 'close', 'archive'])).toEqual({
      status: 'archived',
      effects: ['CAPTURE_PAYMENT', 'GRANT_REFERRAL_REWARD'],
    });
  });

  it('hands a self-pickup order over at the counter, without a courier', () => {
    expect(run(['authorize', 'accept', 'pack', 'deliver']).status).toBe('delivered');
  });

  it('releases everything when the pharmacy rejects: payment, coupon use and wallet credit', () => {
    expect(run(['authorize', 'reject'])).toEqual({ status: 'rejected', effects: ['RELEASE_PAYMENT', 'RESTORE_COUPON', 'RESTORE_WALLET_CREDIT', 'RELEASE_PRESCRIPTIONS'] });
  });

  it('lets the customer withdraw the offer before acceptance', () => {
    expect(run(['authorize', 'cancel'])).toEqual({ status: 'cancelled', effects: ['RELEASE_PAYMENT', 'RESTORE_COUPON', 'RESTORE_WALLET_CREDIT', 'RELEASE_PRESCRIPTIONS'] });
    expect(run(['cancel'])).toEqual({ status: 'cancelled', effects: ['RESTORE_COUPON', 'RESTORE_WALLET_CREDIT', 'RELEASE_PRESCRIPTIONS'] });
    expect(transition('paid', 'cancel')).toEqual({ ok: false, code: 'INVALID_ORDER_TRANSITION' });
  });

  it('expires unpaid orders only, giving back what they reserved', () => {
    expect(run(['expire'])).toEqual({ status: 'expired', effects: ['RESTORE_COUPON', 'RESTORE_WALLET_CREDIT', 'RELEASE_PRESCRIPTIONS'] });
    expect(transition('pending', 'expire').ok).toBe(false);
  });

  it('refunds captured money; a return after delivery keeps the coupon used', () => {
    expect(run(['authorize', 'accept', 'refund'])).toEqual({ status: 'refunded', effects: ['CAPTURE_PAYMENT', 'REFUND_PAYMENT', 'RESTORE_COUPON', 'RESTORE_WALLET_CREDIT', 'RELEASE_PRESCRIPTIONS'] });
    expect(run(['refund'], 'in_transit').effects).toEqual(['REFUND_PAYMENT', 'RESTORE_COUPON', 'RESTORE_WALLET_CREDIT', 'RELEASE_PRESCRIPTIONS']);
    expect(run(['refund'], 'delivered').effects).toEqual(['REFUND_PAYMENT']);
  });

  it('refuses steps out of order with INVALID_ORDER_TRANSITION', () => {
    for (const [from, event] of [
      ['awaiting_payment', 'accept'],
      ['pending', 'pack'],
      ['paid', 'deliver'],
      ['paid', 'authorize'],
      ['delivered', 'pickup'],
      ['awaiting_payment', 'refund'],
    ] as const) {
      expect(transition(from, event)).toEqual({ ok: false, code: 'INVALID_ORDER_TRANSITION' });
    }
    expect(isErrorCode('INVALID_ORDER_TRANSITION')).toBe(true);
  });

  it('ends in final statuses that accept no event', () => {
    for (const status of ['archived', 'rejected', 'cancelled', 'expired', 'refunded'] as const) {
      expect(isFinalStatus(status)).toBe(true);
      for (const event of ORDER_EVENTS) expect(transition(status, event).ok).toBe(false);
    }
    expect(isFinalStatus('delivered')).toBe(false);
  });

  it('lists exactly the events transition accepts', () => {
    for (const status of ORDER_STATUSES) {
      expect(allowedEvents(status)).toEqual(ORDER_EVENTS.filter((event) => transition(status, event).ok));
    }
    expect(allowedEvents('pending')).toEqual(['accept', 'reject', 'cancel']);
  });

  it('never captures twice and releases only what was authorized and not captured', () => {
    for (const status of ORDER_STATUSES) {
      for (const event of ORDER_EVENTS) {
        const step = transition(status, event);
        if (!step.ok) continue;
        if (step.value.effects.includes('CAPTURE_PAYMENT')) expect([status, event]).toEqual(['pending', 'accept']);
        if (step.value.effects.includes('RELEASE_PAYMENT')) expect(status).toBe('pending');
        if (step.value.effects.includes('REFUND_PAYMENT')) expect(['paid', 'packed', 'in_transit', 'delivered']).toContain(status);
      }
    }
  });

  it('reaches every status from the initial one', () => {
    const reached = new Set<OrderStatus>([INITIAL_ORDER_STATUS]);
    const queue: OrderStatus[] = [INITIAL_ORDER_STATUS];
    while (queue.length > 0) {
      const status = queue.shift()!;
      for (const event of allowedEvents(status)) {
        const step = transition(status, event);
        if (step.ok && !reached.has(step.value.to)) {
          reached.add(step.value.to);
          queue.push(step.value.to);
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('deadlines (on the server clock)', () => {
  const expiresAt = new Date('2026-06-16T10:30:00Z');
  const before = { now: new Date('2026-06-16T10:29:59.999Z'), expiresAt };
  const at = { now: expiresAt, expiresAt };

  it('refuses the pharmacy’s acceptance once the answer deadline has passed, but not a refusal or a withdrawal', () => {
    expect(transition('pending', 'accept', before).ok).toBe(true);
    expect(transition('pending', 'accept', at)).toEqual({ ok: false, code: 'INVALID_ORDER_TRANSITION' });
    expect(transition('pending', 'reject', at).ok).toBe(true);
    expect(transition('pending', 'cancel', at).ok).toBe(true);
  });

  it('refuses paying a draft that has lapsed, and lets it expire', () => {
    expect(transition('awaiting_payment', 'authorize', before).ok).toBe(true);
    expect(transition('awaiting_payment', 'authorize', at).ok).toBe(false);
    expect(transition('awaiting_payment', 'expire', at).ok).toBe(true);
  });

  it('does not bound steps of an order without a deadline', () => {
    expect(transition('paid', 'pack', { now: at.now, expiresAt: null }).ok).toBe(true);
  });
});

describe('which orders count (spec §3: pending ones do not)', () => {
  it('counts accepted orders, refunded ones included, and nothing still open or never accepted', () => {
    const counted = ORDER_STATUSES.filter(countsAsOrder);
    expect(counted.sort()).toEqual(['archived', 'closed', 'delivered', 'in_transit', 'packed', 'paid', 'refunded']);
    expect(ORDER_STATUSES.filter(isOpenOffer)).toEqual(['awaiting_payment', 'pending']);
  });
});

describe('unpaid expiry', () => {
  const createdAt = new Date('2026-06-16T10:00:00Z');

  it('expires an unpaid order 30 minutes after it was placed, to the millisecond', () => {
    expect(unpaidExpiresAt(createdAt).toISOString()).toBe('2026-06-16T10:30:00.000Z');
    expect(isUnpaidExpired({ status: 'awaiting_payment', createdAt }, new Date('2026-06-16T10:29:59.999Z'))).toBe(false);
    expect(isUnpaidExpired({ status: 'awaiting_payment', createdAt }, new Date('2026-06-16T10:30:00.000Z'))).toBe(true);
  });

  it('leaves paid offers alone', () => {
    expect(isUnpaidExpired({ status: 'pending', createdAt }, new Date('2026-06-17T10:00:00Z'))).toBe(false);
  });
});
