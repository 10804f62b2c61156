import type { Db } from '../../../platform/db/client';
import { realtimeBus, topicOf, type TopicAccess } from '../../../platform/realtime';
import { ORDER_STATUS_EVENT, type OrderStatusEventData } from '../model/order-events';
import { customerContact } from './collaborators';
import { findOrder, statusOf, type OrderRow } from './repo';

/*
 * The orders feature on the real-time platform: who may follow an order or a pharmacy's board, and
 * the status event the lifecycle publishes once a change has committed.
 */

/** Tells the order's followers its new status. Never throws: the change stands, and screens re-read on reconnect. */
export async function publishOrderStatus(db: Db, order: OrderRow): Promise<void> {
  try {
    const data: OrderStatusEventData = { order_id: order.id, status: statusOf(order) };
    await realtimeBus().publish(db, topicOf('order', order.id), ORDER_STATUS_EVENT, data);
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'order status event not published', orderId: order.id, error: String(error) }));
  }
}

/** The pharmacy a live staff account works for, or null. */
async function staffPharmacyId(db: Db, userId: string): Promise<string | null> {
  const staff = await customerContact(db, userId);
  return staff && !staff.deleted && staff.role === 'pharmacist' ? staff.pharmacyId : null;
}

/** `order:<id>`: the customer's own order, or an order of the pharmacist's pharmacy; anything else does not exist for them. */
export const orderTopicAccess: TopicAccess = async ({ db, auth }, orderId) => {
  if (auth.role === 'pharmacist') {
    const pharmacyId = await staffPharmacyId(db, auth.userId);
    return pharmacyId && (await findOrder(db, orderId, { pharmacyId })) ? 'allowed' : 'not_found';
  }
  return (await findOrder(db, orderId, { userId: auth.userId })) ? 'allowed' : 'not_found';
};

/** `pharmacy:<id>`: that pharmacy's staff only. */
export const pharmacyTopicAccess: TopicAccess = async ({ db, auth }, pharmacyId) =>
  (await staffPharmacyId(db, auth.userId)) === pharmacyId ? 'allowed' : 'forbidden';
