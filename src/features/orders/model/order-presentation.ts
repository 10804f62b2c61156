import type { OrderStatus } from './order-machine';

/**
 * How a server status reaches the customer (spec §4): a label, a purchase state (also what
 * affiliate and analytics tracking report) and a step on the tracking bar.
 */
export const ORDER_LABELS = ['pending', 'order_taken', 'paid', 'packed', 'in_transit', 'delivered', 'refunded', 'cancelled', 'closed', 'archived'] as const;
export type OrderLabel = (typeof ORDER_LABELS)[number];

const LABEL: Record<OrderStatus, OrderLabel> = {
  awaiting_payment: 'pending',
  pending: 'order_taken',
  paid: 'paid',
  packed: 'packed',
  in_transit: 'in_transit',
  delivered: 'delivered',
  closed: 'closed',
  archived: 'archived',
  // Spec §4: an offer the pharmacy does not accept is refunded in full.
  rejected: 'refunded',
  refunded: 'refunded',
  cancelled: 'cancelled',
  expired: 'cancelled',
};

export const orderLabel = (status: OrderStatus): OrderLabel => LABEL[status];

export const PURCHASE_STATES = ['PURCHASE_PENDING', 'PURCHASE_FULFILLED', 'PURCHASE_REJECTED'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** Pending until the pharmacy decides; fulfilled once it accepted; rejected when no money stays with the shop. */
export function purchaseState(status: OrderStatus): PurchaseState {
  switch (status) {
    case 'awaiting_payment':
    case 'pending':
      return 'PURCHASE_PENDING';
    case 'rejected':
    case 'cancelled':
    case 'expired':
    case 'refunded':
      return 'PURCHASE_REJECTED';
    default:
      return 'PURCHASE_FULFILLED';
  }
}

/** Spec §4's stages for deliveries; a self-pickup order ends at the counter instead of the door. */
export const DELIVERY_TRACKING_STAGES = ['order_taken', 'pharmaceutical_check', 'picked_up', 'at_your_door'] as const;
export const PICKUP_TRACKING_STAGES = ['order_taken', 'pharmaceutical_check', 'ready_for_pickup', 'collected'] as const;
export type TrackingStage = (typeof DELIVERY_TRACKING_STAGES)[number] | (typeof PICKUP_TRACKING_STAGES)[number];

export interface Tracking {
  stages: readonly TrackingStage[];
  /** Index of the stage reached; null when the order is not (or no longer) on its way. */
  current: number | null;
  currentStage: TrackingStage | null;
}

export function tracking(status: OrderStatus, method: 'courier' | 'parcel' | 'pickup'): Tracking {
  const stages = method === 'pickup' ? PICKUP_TRACKING_STAGES : DELIVERY_TRACKING_STAGES;
  const reached: Partial<Record<OrderStatus, number>> = {
    pending: 0,
    paid: 1,
    // Packed for a delivery waits for the courier (still at the pharmacy); for self-pickup it is ready.
    packed: method === 'pickup' ? 2 : 1,
    in_transit: 2,
    delivered: 3,
    closed: 3,
    archived: 3,
  };
  const current = reached[status] ?? null;
  return { stages, current, currentStage: current === null ? null : stages[current]! };
}
