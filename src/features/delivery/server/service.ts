import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { customerContact, customerContacts } from '../../accounts';
import { activePharmacy, pharmaciesById } from '../../pharmacies';
import { applyOrderEvent, findOrder, refuseOrder, statusOf, type OrderResult, type OrderRow, type OrdersContext } from '../../orders';
import type { Db } from '../../../platform/db/client';
import { geocoderFromEnv, type Geocoder } from '../../../platform/geocoding';
import { realtimeBus, topicOf } from '../../../platform/realtime';
import { isValidPoint, type Point } from '../model/geo';
import { DELIVERY_POSITION_EVENT, type DeliveryPositionEventData, type Receiver } from '../model/handover';
import { couriers, deliveries, deliveryPositions } from './schema';

/*
 * Courier deliveries: the pharmacy hands a packed order to a courier of its city (the order's
 * pickup step, in one transaction with the delivery row), the courier starts, shares positions,
 * and ends it at the door ("delivered", with who took the parcel) or brings it back ("nobody
 * home": the order is packed again at the pharmacy and the customer is told). A delivery that is
 * not the caller's, or not running, does not exist for them (404).
 */

export type DeliveryRow = typeof deliveries.$inferSelect;

export interface DeliveryDeps {
  geocoder: Geocoder;
}

export const defaultDeliveryDeps = (): DeliveryDeps => ({ geocoder: geocoderFromEnv() });

const ok = <T>(value: T): OrderResult<T> => ({ ok: true, value });

/** The couriers staff of `pharmacyId` may hand parcels to: active couriers of its city. */
export async function couriersForPharmacy(db: Db, pharmacyId: string): Promise<{ id: string; name: string }[]> {
  const pharmacy = await activePharmacy(db, pharmacyId);
  if (!pharmacy) return [];
  const rows = await db
    .select({ id: couriers.userId, name: couriers.displayName })
    .from(couriers)
    .where(and(eq(couriers.city, pharmacy.city), eq(couriers.active, true)))
    .orderBy(asc(couriers.displayName));
  const accounts = await customerContacts(db, rows.map((row) => row.id));
  return rows.filter((row) => {
    const account = accounts.get(row.id);
    return account && !account.deleted && account.role === 'courier';
  });
}

/** Where the parcel goes: the geocoded shipping address (its postal-code area at least). */
async function destinationOf(deps: DeliveryDeps, order: OrderRow): Promise<Point | null> {
  const address = order.shippingAddress;
  if (!address) return null;
  const found = await deps.geocoder.geocode({ postalCode: address.postal_code, streetAddress: address.street_address, houseNumber: address.house_number, locality: address.locality });
  return found.found ? found.location : null;
}

/**
 * The pharmacy hands its packed courier order to one of its city's couriers: the order goes in
 * transit and the courier sees it in their app. COURIER_NOT_AVAILABLE (400) for anyone else;
 * INVALID_ORDER_TRANSITION (409) unless packed for courier delivery.
 */
export async function handOverToCourier(ctx: OrdersContext, deps: DeliveryDeps, request: { pharmacyId: string; staffId: string; orderId: string; courierId: string }): Promise<OrderResult<OrderRow>> {
  const allowed = await couriersForPharmacy(ctx.db, request.pharmacyId);
  const existing = await findOrder(ctx.db, request.orderId, { pharmacyId: request.pharmacyId });
  if (!existing) return refuseOrder(404, 'ORDER_NOT_FOUND');
  if (!allowed.some((courier) => courier.id === request.courierId)) return refuseOrder(400, 'COURIER_NOT_AVAILABLE');
  if (existing.deliveryMethod !== 'courier') return refuseOrder(409, 'INVALID_ORDER_TRANSITION');
  const pharmacy = await activePharmacy(ctx.db, request.pharmacyId);
  const destination = await destinationOf(deps, existing);
  if (!pharmacy || !destination) return refuseOrder(409, 'INVALID_ORDER_TRANSITION');
  return applyOrderEvent(ctx, {
    orderId: request.orderId,
    scope: { pharmacyId: request.pharmacyId },
    event: 'pickup',
    actor: 'pharmacist',
    actorId: request.staffId,
    within: async (tx, order, now) => {
      await tx.insert(deliveries).values({
        id: randomUUID(),
        orderId: order.id,
        courierId: request.courierId,
        pharmacyId: request.pharmacyId,
        state: 'assigned',
        pharmacyLat: pharmacy.lat,
        pharmacyLng: pharmacy.lng,
        destinationLat: destination.lat,
        destinationLng: destination.lng,
        assignedAt: now,
      });
      return ok(undefined);
    },
  });
}

/** A courier account that may ride: role courier, not erased. */
async function isCourier(db: Db, userId: string): Promise<boolean> {
  const account = await customerContact(db, userId);
  return !!account && !account.deleted && account.role === 'courier';
}

async function openDelivery(db: Db, courierId: string, orderId: string, states: DeliveryRow['state'][], lock = false): Promise<DeliveryRow | null> {
  const query = db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.orderId, orderId), eq(deliveries.courierId, courierId), inArray(deliveries.state, states)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface CourierDeliveryView {
  order_id: string;
  order_number: string;
  state: 'assigned' | 'running';
  pharmacy: { name: string; street: string; house_number: string; postal_code: string; city: string; phone: string; lat: number; lng: number };
  destination: { lat: number; lng: number };
  address: { street_address: string; house_number: string; room: string | null; postal_code: string; locality: string; note: string | null } | null;
  customer_name: string | null;
  phone: string | null;
  delivery_window: { start: string; end: string } | null;
  assigned_at: string;
  started_at: string | null;
}

/** The courier's open deliveries (handed over, or running), oldest first. */
export async function courierDeliveries(ctx: OrdersContext, courierId: string): Promise<OrderResult<CourierDeliveryView[]>> {
  if (!(await isCourier(ctx.db, courierId))) return refuseOrder(403, 'FORBIDDEN');
  const rows = await ctx.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.courierId, courierId), inArray(deliveries.state, ['assigned', 'running'])))
    .orderBy(asc(deliveries.assignedAt));
  const pharmacies = await pharmaciesById(ctx.db, rows.map((row) => row.pharmacyId));
  const views: CourierDeliveryView[] = [];
  for (const row of rows) {
    const order = await findOrder(ctx.db, row.orderId, { system: true });
    const pharmacy = pharmacies.get(row.pharmacyId);
    if (!order || !pharmacy || statusOf(order) !== 'in_transit') continue;
    const customer = await customerContact(ctx.db, order.userId);
    views.push({
      order_id: order.id,
      order_number: order.orderNumber,
      state: row.state as 'assigned' | 'running',
      pharmacy: { name: pharmacy.name, street: pharmacy.street, house_number: pharmacy.houseNumber, postal_code: pharmacy.postalCode, city: pharmacy.city, phone: pharmacy.phone, lat: row.pharmacyLat, lng: row.pharmacyLng },
      destination: { lat: row.destinationLat, lng: row.destinationLng },
      address: order.shippingAddress
        ? {
            street_address: order.shippingAddress.street_address,
            house_number: order.shippingAddress.house_number,
            room: order.shippingAddress.room,
            postal_code: order.shippingAddress.postal_code,
            locality: order.shippingAddress.locality,
            note: order.shippingAddress.note,
          }
        : null,
      customer_name: customer && !customer.deleted ? [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null : null,
      phone: order.phone,
      delivery_window: order.slotStart && order.slotEnd ? { start: order.slotStart.toISOString(), end: order.slotEnd.toISOString() } : null,
      assigned_at: row.assignedAt.toISOString(),
      started_at: row.startedAt ? row.startedAt.toISOString() : null,
    });
  }
  return ok(views);
}

/** "Start delivery": the courier rides; from now on positions are accepted and shown to the customer. */
export async function startDelivery(ctx: OrdersContext, courierId: string, orderId: string): Promise<OrderResult<{ state: 'running' }>> {
  if (!(await isCourier(ctx.db, courierId))) return refuseOrder(403, 'FORBIDDEN');
  const row = await openDelivery(ctx.db, courierId, orderId, ['assigned', 'running']);
  if (!row) return refuseOrder(404, 'DELIVERY_NOT_FOUND');
  if (row.state === 'assigned') {
    await ctx.db
      .update(deliveries)
      .set({ state: 'running', startedAt: ctx.clock.now() })
      .where(and(eq(deliveries.id, row.id), eq(deliveries.state, 'assigned')));
  }
  return ok({ state: 'running' });
}

/**
 * One position of a running delivery of this courier: stored as the last one and on the path, and
 * sent live to the order's followers. INVALID_COORDINATES (400); DELIVERY_NOT_FOUND (404) for a
 * delivery that is not theirs or not running.
 */
export async function recordPosition(ctx: OrdersContext, courierId: string, orderId: string, point: { lat: unknown; lng: unknown }): Promise<OrderResult<{ at: string }>> {
  if (!isValidPoint(point)) return refuseOrder(400, 'INVALID_COORDINATES');
  if (!(await isCourier(ctx.db, courierId))) return refuseOrder(404, 'DELIVERY_NOT_FOUND');
  const row = await openDelivery(ctx.db, courierId, orderId, ['running']);
  if (!row) return refuseOrder(404, 'DELIVERY_NOT_FOUND');
  const now = ctx.clock.now();
  const updated = await ctx.db
    .update(deliveries)
    .set({ lastLat: point.lat, lastLng: point.lng, lastAt: now })
    .where(and(eq(deliveries.id, row.id), eq(deliveries.state, 'running')))
    .returning({ id: deliveries.id });
  if (updated.length === 0) return refuseOrder(404, 'DELIVERY_NOT_FOUND');
  await ctx.db.insert(deliveryPositions).values({ deliveryId: row.id, lat: point.lat, lng: point.lng, at: now });
  const data: DeliveryPositionEventData = { order_id: orderId, lat: point.lat, lng: point.lng, at: now.toISOString() };
  try {
    await realtimeBus().publish(ctx.db, topicOf('order', orderId), DELIVERY_POSITION_EVENT, data);
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'courier position not published', orderId, error: String(error) }));
  }
  return ok({ at: now.toISOString() });
}

/** Ends the courier's delivery with an order step in the same transaction; the path is dropped (positions are kept only while riding). */
async function endDelivery(ctx: OrdersContext, courierId: string, orderId: string, event: 'deliver' | 'bring_back', changes: Partial<typeof deliveries.$inferInsert>): Promise<OrderResult<OrderRow>> {
  if (!(await isCourier(ctx.db, courierId))) return refuseOrder(404, 'DELIVERY_NOT_FOUND');
  const found = await openDelivery(ctx.db, courierId, orderId, ['running']);
  if (!found) return refuseOrder(404, 'DELIVERY_NOT_FOUND');
  return applyOrderEvent(ctx, {
    orderId,
    scope: { system: true },
    event,
    actor: 'courier',
    actorId: courierId,
    within: async (tx, _order, now) => {
      const row = await openDelivery(tx, courierId, orderId, ['running'], true);
      if (!row) return refuseOrder(404, 'DELIVERY_NOT_FOUND');
      await tx
        .update(deliveries)
        .set({ ...changes, endedAt: now, lastLat: null, lastLng: null, lastAt: null })
        .where(eq(deliveries.id, row.id));
      await tx.delete(deliveryPositions).where(eq(deliveryPositions.deliveryId, row.id));
      return ok(undefined);
    },
  });
}

/** "Delivered": handed to the customer or another adult at the address. */
export const completeDelivery = (ctx: OrdersContext, courierId: string, orderId: string, receivedBy: Receiver) =>
  endDelivery(ctx, courierId, orderId, 'deliver', { state: 'delivered', receivedBy });

/** "Nobody home": back to the pharmacy (packed again); the customer is e-mailed in their language and offered a new time or pickup. */
export const nobodyHome = (ctx: OrdersContext, courierId: string, orderId: string) => endDelivery(ctx, courierId, orderId, 'bring_back', { state: 'returned' });

export interface DeliveryCoordinates {
  courier: { lat: number; lng: number; at: string } | null;
  pharmacy: { lat: number; lng: number };
  destination: { lat: number; lng: number };
  /** The path so far, oldest first (at most the last 500 positions). */
  path: { lat: number; lng: number }[];
}

/**
 * §7 delivery-coordinates: only the order's customer, only while it is in transit with a courier
 * (404 otherwise: a courier's position is never shown outside a running delivery).
 */
export async function coordinatesForCustomer(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<DeliveryCoordinates>> {
  const order = await findOrder(ctx.db, orderId, { userId });
  if (!order || statusOf(order) !== 'in_transit') return refuseOrder(404, 'ORDER_NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.orderId, orderId), inArray(deliveries.state, ['assigned', 'running'])));
  if (!row) return refuseOrder(404, 'ORDER_NOT_FOUND');
  const running = row.state === 'running';
  const path = running
    ? (
        await ctx.db
          .select({ lat: deliveryPositions.lat, lng: deliveryPositions.lng })
          .from(deliveryPositions)
          .where(eq(deliveryPositions.deliveryId, row.id))
          .orderBy(desc(deliveryPositions.id))
          .limit(500)
      ).reverse()
    : [];
  return ok({
    courier: running && row.lastLat !== null && row.lastLng !== null && row.lastAt ? { lat: row.lastLat, lng: row.lastLng, at: row.lastAt.toISOString() } : null,
    pharmacy: { lat: row.pharmacyLat, lng: row.pharmacyLng },
    destination: { lat: row.destinationLat, lng: row.destinationLng },
    path,
  });
}
