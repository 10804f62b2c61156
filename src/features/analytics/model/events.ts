/**
 * Product analytics events (issue 10): what the shop measures, and nothing that identifies a
 * person. A batch carries a random session id (made in the browser after analytics consent, never
 * linked to an account) and up to 50 events; props are a few flat values (a PZN, a count, a step),
 * never an e-mail, an address, an order's contents or a search that found something.
 */
export const EVENT_TYPES = ['page_view', 'search', 'product_view', 'add_to_cart', 'checkout_step', 'purchase', 'error_shown'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const MAX_EVENTS_PER_BATCH = 50;
/** A full batch of 50 events is about 8 KiB; more is refused with 413 before it is parsed. */
export const MAX_BATCH_BYTES = 16 * 1024;

export type PropValue = string | number | boolean;

export interface AnalyticsEvent {
  type: EventType;
  at: string;
  path: string;
  props?: Record<string, PropValue>;
}

export interface EventBatch {
  session_id: string;
  events: AnalyticsEvent[];
}
