import { boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { GermanState } from '../../../platform/time/german-states';

type Interval = { opens: string; closes: string };
type Week = Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', Interval[]>;

export const pharmacies = pgTable('pharmacies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  /** Federal state; its public holidays close the pharmacy. Null until a catalogue import names it. */
  state: text('state').$type<GermanState>(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  termsUrl: text('terms_url').notNull(),
  openingHours: jsonb('opening_hours').$type<Week>().notNull(),
  deliveryOptions: jsonb('delivery_options').$type<('courier' | 'parcel' | 'pickup')[]>().notNull(),
  selfPickupOnly: boolean('self_pickup_only').notNull().default(false),
  hasPdfPriceList: boolean('has_pdf_price_list').notNull().default(false),
  deliveryPostalCodes: jsonb('delivery_postal_codes').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  /** Temporary closure set in the back office ("closed until …"): no opening hours before it. */
  closedUntil: timestamp('closed_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stock per pharmacy and product; the product is referenced by PZN (catalog feature). */
export const stock = pgTable(
  'stock',
  {
    pharmacyId: text('pharmacy_id')
      .notNull()
      .references(() => pharmacies.id, { onDelete: 'cascade' }),
    pzn: text('pzn').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pharmacyId, table.pzn] })],
);
