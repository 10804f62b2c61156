import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryState, Rebooking, Receiver } from '../model/handover';

/*
 * Courier deliveries (issue 12). Order, courier and pharmacy ids are plain text without foreign
 * keys: features share no tables, and the orders feature owns the order and its status.
 */

/** A courier account (role courier) and the city they ride in: staff of that city's pharmacies hand parcels to them. */
export const couriers = pgTable('couriers', {
  userId: text('user_id').primaryKey(),
  city: text('city').notNull(),
  /** What staff see in the courier choice ("Demo-Bote Berlin 1"). */
  displayName: text('display_name').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * One handover of an order to a courier. "Nobody home" ends it (returned) and a later handover
 * starts a new one, so an order has at most one open (assigned or running) delivery.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    courierId: text('courier_id').notNull(),
    pharmacyId: text('pharmacy_id').notNull(),
    state: text('state').$type<DeliveryState>().notNull(),
    pharmacyLat: doublePrecision('pharmacy_lat').notNull(),
    pharmacyLng: doublePrecision('pharmacy_lng').notNull(),
    /** Where the parcel goes (geocoded at handover). */
    destinationLat: doublePrecision('destination_lat').notNull(),
    destinationLng: doublePrecision('destination_lng').notNull(),
    /** The courier's last position while the delivery runs; kept only until it ends. */
    lastLat: doublePrecision('last_lat'),
    lastLng: doublePrecision('last_lng'),
    lastAt: timestamp('last_at', { withTimezone: true }),
    receivedBy: text('received_by').$type<Receiver>(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Returned (nobody home): what the customer chose next, a new courier window or pickup at the counter, and when. */
    rebookedAs: text('rebooked_as').$type<Rebooking>(),
    rebookedAt: timestamp('rebooked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('deliveries_open_order_unique').on(table.orderId).where(sql`${table.state} in ('assigned', 'running')`),
    index('deliveries_courier_state_idx').on(table.courierId, table.state),
    check('deliveries_state_known', sql`${table.state} in ('assigned', 'running', 'delivered', 'returned')`),
    check('deliveries_rebooked_returned', sql`${table.rebookedAs} is null or (${table.state} = 'returned' and ${table.rebookedAs} in ('courier', 'pickup'))`),
  ],
);

/** The path so far of a running delivery (the map draws it); dropped when the delivery ends. */
export const deliveryPositions = pgTable(
  'delivery_positions',
  {
    id: serial('id').primaryKey(),
    deliveryId: text('delivery_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('delivery_positions_delivery_idx').on(table.deliveryId, table.id)],
);
