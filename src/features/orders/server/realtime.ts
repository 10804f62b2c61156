import type { Db } from '../../../platform/db/client';
import { realtimeBus, topicOf, type EventToAppend, type TopicAccess } from '../../../platform/realtime';
import { ORDER_STATUS_EVENT, PHARMACY_ORDER_EVENT, type OrderStatusEventData } from '../model/order-events';
import { pharmacyScope, staffMember } from './collaborators';
import { findOrder, statusOf, type OrderRow } from './repo';

/*
 * The orders feature on the real-time platform: who may follow an order or a pharmacy's board, and
 * the status event the lifecycle publishes once a change has committed.
 */

/**
 * Tells the order's followers its new status, and the pharmacy's back office that one of its orders
 * changed (a new offer arrives as `pharmacy.order` with status pending). Never throws: the change
 * stands, and screens re-read on reconnect.
 */
export async function publishOrderStatus(db: Db, order: OrderRow, options: { customerSees?: boolean } = {}): Promise<void> {
  const data: OrderStatusEventData = { order_id: order.id, status: statusOf(order) };
  const events: EventToAppend[] = [];
  // Steps that keep the status (check, refund of single lines) concern the back office only.
  if (options.customerSees !== false) events.push({ topic: topicOf('order', order.id), type: ORDER_STATUS_EVENT, data });
  if (order.pharmacyId && data.status !== 'awaiting_payment') events.push({ topic: topicOf('pharmacy', order.pharmacyId), type: PHARMACY_ORDER_EVENT, data });
  try {
    // Both in one statement: a placement or status change costs one round trip for its events.
    await realtimeBus().publishAll(db, events);
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'order status events not published', orderId: order.id, error: String(error) }));
  }
}

/** `order:<id>`: the customer's own order, or an order of the staff member's pharmacy (any, for operators); anything else does not exist for them. */
export const orderTopicAccess: TopicAccess = async ({ db, auth }, orderId) => {
  const member = await staffMember(db, auth.userId);
  if (member) {
    const scope = pharmacyScope(member, null);
    const found = scope === null ? null : await findOrder(db, orderId, scope === 'all' ? { anyPharmacy: true } : { pharmacyId: scope });
    if (found) return 'allowed';
  }
  return (await findOrder(db, orderId, { userId: auth.userId })) ? 'allowed' : 'not_found';
};

/** `pharmacy:<id>`: that pharmacy's staff (and operators) only. */
export const pharmacyTopicAccess: TopicAccess = async ({ db, auth }, pharmacyId) => {
  const member = await staffMember(db, auth.userId);
  return member && pharmacyScope(member, pharmacyId) === pharmacyId ? 'allowed' : 'forbidden';
};
