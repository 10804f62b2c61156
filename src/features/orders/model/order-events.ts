import type { OrderStatus } from './order-machine';

/**
 * The live event on `order:<id>` when an order's status changes. It names the status only: the
 * order page re-reads the order (payment state, reason) when it hears of a change.
 */
export const ORDER_STATUS_EVENT = 'order.status';

export interface OrderStatusEventData extends Record<string, unknown> {
  order_id: string;
  status: OrderStatus;
}

/**
 * The live event on `pharmacy:<id>` when one of the pharmacy's orders changes (a new offer is
 * status pending): the back office re-reads its queue. Same data as ORDER_STATUS_EVENT.
 */
export const PHARMACY_ORDER_EVENT = 'pharmacy.order';
