import { and, desc, eq, isNull } from 'drizzle-orm';
import { activePharmacy } from '../../pharmacies';
import { applyOrderEvent, findOrder, redeliveryOptions, refuseOrder, statusOf, type OrderResult, type OrderRow, type OrdersContext, type RedeliveryChoice } from '../../orders';
import type { DeliverySlot } from '../../checkout';
import type { Db } from '../../../platform/db/client';
import { localDate, localTime } from '../../../platform/time/wall-clock';
import { canRebook, missedDeliveryState, type MissedDeliveryState } from '../model/missed';
import { deliveries } from './schema';

/*
 * "Nobody home" self-service (issue 12): after the courier brought the parcel back, the customer
 * chooses on their order page a new courier window or pickup at the pharmacy's counter. The
 * choice is the order's reschedule step (state machine, same transaction as marking the returned
 * delivery rebooked), so the back office sees the order ready for a courier again or waiting at
 * the counter, and both screens follow live.
 */

export interface MissedDeliveryView {
  order_id: string;
  state: MissedDeliveryState;
  /** When the courier brought it back (null: never missed). */
  missed_at: string | null;
  /** open: what the customer can choose now. */
  options: { slots: DeliverySlot[]; pickup: boolean } | null;
  /** courier: the new window (Berlin date and times for display). */
  slot: DeliverySlot | null;
  /** pickup: the code to show at the counter (the order number, as for every pickup order). */
  pickup_code: string | null;
  rebooked_at: string | null;
}

type DeliveryRow = typeof deliveries.$inferSelect;

async function latestDelivery(db: Db, orderId: string, lock = false): Promise<DeliveryRow | null> {
  const query = db.select().from(deliveries).where(eq(deliveries.orderId, orderId)).orderBy(desc(deliveries.assignedAt), desc(deliveries.id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

async function viewOf(ctx: OrdersContext, order: OrderRow, latest: DeliveryRow | null): Promise<MissedDeliveryView> {
  const state = missedDeliveryState(statusOf(order), latest);
  const returned = state === 'none' ? null : latest;
  let options: MissedDeliveryView['options'] = null;
  if (canRebook(state)) {
    const pharmacy = order.pharmacyId ? await activePharmacy(ctx.db, order.pharmacyId) : null;
    options = redeliveryOptions(pharmacy, ctx.clock.now(), ctx.deps.settings.timing);
  }
  return {
    order_id: order.id,
    state,
    missed_at: returned?.endedAt ? returned.endedAt.toISOString() : null,
    options,
    slot:
      state === 'courier' && order.slotStart && order.slotEnd
        ? { start: order.slotStart.toISOString(), end: order.slotEnd.toISOString(), date: localDate(order.slotStart), from: localTime(order.slotStart), to: localTime(order.slotEnd) }
        : null,
    pickup_code: state === 'pickup' ? order.orderNumber : null,
    rebooked_at: returned?.rebookedAt ? returned.rebookedAt.toISOString() : null,
  };
}

/** The customer's own order after a missed delivery; ORDER_NOT_FOUND (404) for anyone else's. */
export async function missedDeliveryFor(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<MissedDeliveryView>> {
  const order = await findOrder(ctx.db, orderId, { userId });
  if (!order) return refuseOrder(404, 'ORDER_NOT_FOUND');
  return { ok: true, value: await viewOf(ctx, order, await latestDelivery(ctx.db, orderId)) };
}

/**
 * The customer's choice after a missed delivery. ORDER_NOT_FOUND (404) for another customer's order;
 * DELIVERY_NOT_MISSED (409) unless the order is back at the pharmacy and nothing was chosen yet;
 * DELIVERY_SLOT_UNAVAILABLE (409) for a window not (or no longer) offered.
 */
export async function rebookMissedDelivery(ctx: OrdersContext, userId: string, orderId: string, choice: RedeliveryChoice): Promise<OrderResult<MissedDeliveryView>> {
  const before = await findOrder(ctx.db, orderId, { userId });
  if (!before) return refuseOrder(404, 'ORDER_NOT_FOUND');
  if (!canRebook(missedDeliveryState(statusOf(before), await latestDelivery(ctx.db, orderId)))) return refuseOrder(409, 'DELIVERY_NOT_MISSED');
  const result = await applyOrderEvent(ctx, {
    orderId,
    scope: { userId },
    event: 'reschedule',
    actor: 'customer',
    actorId: userId,
    redelivery: choice,
    within: async (tx, order, now) => {
      // Under the order's lock: a second choice (another tab) finds this one made.
      const latest = await latestDelivery(tx, orderId, true);
      if (!latest || !canRebook(missedDeliveryState(statusOf(order), latest))) return refuseOrder(409, 'DELIVERY_NOT_MISSED');
      await tx
        .update(deliveries)
        .set({ rebookedAs: choice.method, rebookedAt: now })
        .where(and(eq(deliveries.id, latest.id), isNull(deliveries.rebookedAs)));
      return { ok: true, value: undefined };
    },
  });
  if (!result.ok) return result.code === 'INVALID_ORDER_TRANSITION' ? refuseOrder(409, 'DELIVERY_NOT_MISSED') : result;
  return { ok: true, value: await viewOf(ctx, result.value, await latestDelivery(ctx.db, orderId)) };
}
