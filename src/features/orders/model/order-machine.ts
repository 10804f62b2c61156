import { fail, ok, type Result } from '../../../platform/http/result';

/**
 * The order lifecycle (spec §4). An order is an offer for a purchase contract: the card is only
 * authorized when the customer orders, and the pharmacy's acceptance concludes the contract and
 * captures the money. Rejection (or the customer withdrawing before acceptance) releases every
 * cent (items, fee, tip) and gives back the coupon use and the wallet credit.
 *
 *   awaiting_payment ─authorize→ pending ─accept→ paid ─pack→ packed ─pickup→ in_transit ─deliver→ delivered ─close→ closed ─archive→ archived
 *                                                                   packed ←bring_back─ in_transit (nobody home)
 *                                                       reschedule ↻ packed (after nobody home: the customer's new time or pickup)
 *         │ expire / cancel            │ reject / cancel       │ refund     │ deliver (self-pickup handover)      │ refund
 *         ↓                            ↓                       ↓            ↓                                      ↓
 *     expired / cancelled          rejected / cancelled     refunded     delivered                              refunded
 *
 * Orders with prescription lines (E-Rezept) take two steps of their own while paid: `dispense`
 * (the pharmacist hands the prescribed medicines out: reported to the prescription system, then
 * the payment is captured, without the share of rejected lines) and `reject_line` (one line is not
 * dispensed: not charged, its prescription given back once none of its lines is left). For them
 * acceptance captures nothing: the money is taken only after dispensing (`transition`'s facts).
 * Leaving without dispensing (reject, cancel, expire, a refund before dispensing) releases the
 * prescriptions back to `redeemed`, for another order.
 *
 * Side effects are returned, not performed: the service runs them in the same transaction as the
 * status change (capture, release, refund, restore coupon and credit, referral reward).
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'pending',
  'paid',
  'packed',
  'in_transit',
  'delivered',
  'closed',
  'archived',
  'rejected',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

export const ORDER_EVENTS = [
  /** The payment provider authorized the amount due (or nothing was due): the offer goes to the pharmacy. */
  'authorize',
  /** The pharmacy accepts the offer. */
  'accept',
  /** The pharmacy declines the offer (or does not answer in time). */
  'reject',
  /** Nobody paid in time. */
  'expire',
  /** The customer withdraws the offer before the pharmacy accepted it. */
  'cancel',
  /** The pharmaceutical check (spec §4 tracking stage), its own step before packing; the status stays paid. */
  'check',
  /** Checked by the pharmacist and packed. */
  'pack',
  /** Handed to the courier or the parcel service. */
  'pickup',
  /** At the customer's door, or handed over at the counter (self-pickup). */
  'deliver',
  /** Nobody home: the courier brings the parcel back to the pharmacy, which arranges a new time or pickup. */
  'bring_back',
  /**
   * After nobody home, the customer chooses a new delivery window or pickup at the counter; the
   * order stays packed at the pharmacy, ready for a courier again or for collection.
   */
  'reschedule',
  /** Money back after acceptance: the pharmacy cannot deliver, or the goods came back. */
  'refund',
  /** Money back for some lines (or units) only; the order goes on with the rest, its status unchanged. */
  'refund_lines',
  /** The pharmacist dispensed the prescription lines (E-Rezept); the status stays paid, packing needs it. */
  'dispense',
  /** The pharmacist does not dispense one prescription line, with a reason; the status stays paid. */
  'reject_line',
  /** Nothing more to happen (feedback and withdrawal period over). */
  'close',
  /** Hidden from the customer's current orders. */
  'archive',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** The steps pharmacy staff take on the order board (a refund has its own route, with a reason). */
export const PHARMACIST_EVENTS = ['accept', 'reject', 'check', 'dispense', 'pack', 'pickup', 'deliver'] as const satisfies readonly OrderEvent[];
export type PharmacistEvent = (typeof PHARMACIST_EVENTS)[number];

export const ORDER_EFFECTS = [
  'CAPTURE_PAYMENT',
  'RELEASE_PAYMENT',
  'REFUND_PAYMENT',
  /** Part of the captured amount back: the chosen lines' share. */
  'REFUND_PAYMENT_PART',
  'RESTORE_COUPON',
  'RESTORE_WALLET_CREDIT',
  'GRANT_REFERRAL_REWARD',
  /** Prescriptions in the order go back to `redeemed` (not dispensed ones only). */
  'RELEASE_PRESCRIPTIONS',
  /** Report the open prescription lines dispensed to the prescription system. */
  'DISPENSE_PRESCRIPTIONS',
  /** One prescription line is not dispensed: not charged; its prescription given back when none of its lines is left. */
  'RETURN_PRESCRIPTION_LINE',
] as const;
export type OrderEffect = (typeof ORDER_EFFECTS)[number];

/** Everything a placed order reserved (coupon use, wallet credit) goes back. */
const GIVE_BACK: readonly OrderEffect[] = ['RESTORE_COUPON', 'RESTORE_WALLET_CREDIT', 'RELEASE_PRESCRIPTIONS'];

type Step = { to: OrderStatus; effects: readonly OrderEffect[] };

const TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, Step>>>> = {
  awaiting_payment: {
    authorize: { to: 'pending', effects: [] },
    expire: { to: 'expired', effects: GIVE_BACK },
    cancel: { to: 'cancelled', effects: GIVE_BACK },
  },
  pending: {
    accept: { to: 'paid', effects: ['CAPTURE_PAYMENT'] },
    reject: { to: 'rejected', effects: ['RELEASE_PAYMENT', ...GIVE_BACK] },
    cancel: { to: 'cancelled', effects: ['RELEASE_PAYMENT', ...GIVE_BACK] },
  },
  paid: {
    // The check is recorded on the order (checked_at); packing needs it (the lifecycle checks).
    check: { to: 'paid', effects: [] },
    pack: { to: 'packed', effects: [] },
    refund: { to: 'refunded', effects: ['REFUND_PAYMENT', ...GIVE_BACK] },
    refund_lines: { to: 'paid', effects: ['REFUND_PAYMENT_PART'] },
    // Prescription orders only (PRESCRIPTION_EVENTS); the lifecycle records them on the lines.
    dispense: { to: 'paid', effects: ['DISPENSE_PRESCRIPTIONS', 'CAPTURE_PAYMENT'] },
    reject_line: { to: 'paid', effects: ['RETURN_PRESCRIPTION_LINE'] },
  },
  packed: {
    pickup: { to: 'in_transit', effects: [] },
    // Brought back by the courier: the customer's new window or pickup (the lifecycle checks it was brought back).
    reschedule: { to: 'packed', effects: [] },
    // Self-pickup: handed over at the counter without a courier.
    deliver: { to: 'delivered', effects: ['GRANT_REFERRAL_REWARD'] },
    refund: { to: 'refunded', effects: ['REFUND_PAYMENT', ...GIVE_BACK] },
    refund_lines: { to: 'packed', effects: ['REFUND_PAYMENT_PART'] },
  },
  in_transit: {
    deliver: { to: 'delivered', effects: ['GRANT_REFERRAL_REWARD'] },
    // Nobody home: back on the pharmacy's shelf for the customer (packed), to hand to a courier again or collect.
    bring_back: { to: 'packed', effects: [] },
    // Undeliverable (nobody home twice, parcel lost): the customer gets everything back.
    refund: { to: 'refunded', effects: ['REFUND_PAYMENT', ...GIVE_BACK] },
    refund_lines: { to: 'in_transit', effects: ['REFUND_PAYMENT_PART'] },
  },
  delivered: {
    close: { to: 'closed', effects: [] },
    // A return after delivery refunds the money; a used coupon stays used.
    refund: { to: 'refunded', effects: ['REFUND_PAYMENT'] },
    refund_lines: { to: 'delivered', effects: ['REFUND_PAYMENT_PART'] },
  },
  closed: { archive: { to: 'archived', effects: [] } },
  archived: {},
  rejected: {},
  cancelled: {},
  expired: {},
  refunded: {},
};

export const INITIAL_ORDER_STATUS: OrderStatus = 'awaiting_payment';

/** Steps only an order with prescription lines takes. */
export const PRESCRIPTION_EVENTS: readonly OrderEvent[] = ['dispense', 'reject_line'];

/** What the machine needs to know of the order beyond its status. */
export interface TransitionFacts {
  /** The order has prescription lines: acceptance captures nothing, dispensing does. */
  prescriptions: boolean;
  /** Its prescription lines were dispensed already (dispense is once; a line can no longer be rejected). */
  dispensed?: boolean;
}

export interface Transition {
  from: OrderStatus;
  event: OrderEvent;
  to: OrderStatus;
  effects: readonly OrderEffect[];
}

/**
 * Events that must happen before the order's deadline (`expires_at`): paying a draft before it
 * lapses, and the pharmacy's acceptance before the offer lapses. Afterwards only the sweep's
 * expire/reject (or the customer's withdrawal) may end the order.
 */
const DEADLINE_BOUND: readonly OrderEvent[] = ['authorize', 'accept'];

/** The order's deadline and the moment of the change, on the server's clock. */
export interface TransitionTime {
  now: Date;
  expiresAt: Date | null;
}

/**
 * The step `event` makes from `from`, or INVALID_ORDER_TRANSITION. With `at` (the server always
 * passes it), a deadline-bound event at or after the order's deadline is refused as well.
 */
export function transition(from: OrderStatus, event: OrderEvent, at?: TransitionTime, facts: TransitionFacts = { prescriptions: false }): Result<Transition, 'INVALID_ORDER_TRANSITION'> {
  const step = TRANSITIONS[from]?.[event];
  if (!step) return fail('INVALID_ORDER_TRANSITION');
  if (at && at.expiresAt && DEADLINE_BOUND.includes(event) && at.now.getTime() >= at.expiresAt.getTime()) return fail('INVALID_ORDER_TRANSITION');
  if (PRESCRIPTION_EVENTS.includes(event) && (!facts.prescriptions || facts.dispensed)) return fail('INVALID_ORDER_TRANSITION');
  // A prescription order's money is captured when it is dispensed, not at acceptance.
  const effects = event === 'accept' && facts.prescriptions ? step.effects.filter((effect) => effect !== 'CAPTURE_PAYMENT') : step.effects;
  return ok({ from, event, to: step.to, effects });
}

/** The events `transition` accepts from `status` (ignoring deadlines), for an order with these facts. */
export const allowedEvents = (status: OrderStatus, facts: TransitionFacts = { prescriptions: false }): OrderEvent[] =>
  ORDER_EVENTS.filter((event) => TRANSITIONS[status][event] !== undefined && !(PRESCRIPTION_EVENTS.includes(event) && (!facts.prescriptions || facts.dispensed)));

export const isFinalStatus = (status: OrderStatus): boolean => allowedEvents(status).length === 0;

/**
 * Whether an order counts as one the customer has made (spec §3: pending orders are excluded from
 * counts). Offers never accepted (rejected, cancelled, expired, still waiting) do not count; an
 * accepted order counts even when it was refunded later, so "first order" coupons cannot be
 * recycled by a return.
 */
export function countsAsOrder(status: OrderStatus): boolean {
  return ['paid', 'packed', 'in_transit', 'delivered', 'closed', 'archived', 'refunded'].includes(status);
}

/** Placed but not yet accepted or refused: reserves its coupon use and credit meanwhile. */
export const isOpenOffer = (status: OrderStatus): boolean => status === 'awaiting_payment' || status === 'pending';

/** Unpaid orders expire: the customer has this long to complete payment (3-D Secure, a second card). */
export const UNPAID_ORDER_TTL_MINUTES = 30;

export function unpaidExpiresAt(createdAt: Date, ttlMinutes: number = UNPAID_ORDER_TTL_MINUTES): Date {
  return new Date(createdAt.getTime() + ttlMinutes * 60_000);
}

/** Whether the expiry sweep should send `expire` to this order now. */
export function isUnpaidExpired(order: { status: OrderStatus; createdAt: Date }, now: Date, ttlMinutes: number = UNPAID_ORDER_TTL_MINUTES): boolean {
  return order.status === 'awaiting_payment' && now.getTime() >= unpaidExpiresAt(order.createdAt, ttlMinutes).getTime();
}
