import type { DeliveryState, Rebooking } from './handover';

/*
 * Where an order stands after "nobody home" (issue 12), from the order's status and its latest
 * delivery: brought back and waiting for the customer's choice (open), or rearranged as a new
 * courier window (courier) or pickup at the counter (pickup). Anything else — never missed, or on
 * its way again, or collected — is none.
 */
export const MISSED_DELIVERY_STATES = ['none', 'open', 'courier', 'pickup'] as const;
export type MissedDeliveryState = (typeof MISSED_DELIVERY_STATES)[number];

export interface LatestDeliveryFacts {
  state: DeliveryState;
  rebookedAs: Rebooking | null;
}

export function missedDeliveryState(orderStatus: string, latest: LatestDeliveryFacts | null): MissedDeliveryState {
  // Back on the pharmacy's shelf only while packed: a new handover opens a new delivery, a counter handover delivers the order.
  if (orderStatus !== 'packed' || !latest || latest.state !== 'returned') return 'none';
  return latest.rebookedAs ?? 'open';
}

/** Whether the customer may still choose (a new window or pickup). */
export const canRebook = (state: MissedDeliveryState): boolean => state === 'open';
