import { z } from '@hono/zod-openapi';
import { DELIVERY_OPTIONS } from '../../catalog';
import { GERMAN_STATES } from '../../../platform/time/german-states';
import { isOpenAt, WEEK, withHolidays } from '../model/opening-hours';
import type { pharmacies } from './schema';

const IntervalDto = z
  .object({
    opens: z.string().openapi({ example: '08:00' }),
    closes: z.string().openapi({ example: '22:00', description: '"24:00" ends the day; a time not after opens means the next day.' }),
  })
  .openapi('OpeningInterval');

export const OpeningHoursDto = z
  .object(Object.fromEntries(WEEK.map((day) => [day, z.array(IntervalDto)])) as Record<(typeof WEEK)[number], z.ZodArray<typeof IntervalDto>>)
  .openapi('OpeningHours', { description: 'Wall-clock hours in Europe/Berlin per weekday; an empty list means closed. Closed on the public holidays of the pharmacy\'s state.' });

export const PharmacyDto = z
  .object({
    id: z.string().openapi({ example: 'apotheke-am-markt-berlin' }),
    name: z.string(),
    address: z.object({
      street: z.string(),
      houseNumber: z.string().openapi({ example: '12a' }),
      postalCode: z.string().openapi({ example: '10115' }),
      city: z.string(),
      state: z.enum(GERMAN_STATES).nullable().openapi({ description: 'Federal state (ISO 3166-2 without "DE-"); the pharmacy is closed on its public holidays. Null: not known yet, only nationwide holidays apply.', example: 'BE' }),
    }),
    phone: z.string().openapi({ example: '+493012345678' }),
    email: z.string(),
    termsUrl: z.string(),
    openingHours: OpeningHoursDto,
    openNow: z.boolean().openapi({ description: 'Open at the time of the request, in Europe/Berlin time.' }),
    closedUntil: z.string().nullable().openapi({ description: 'Temporarily closed until this instant (ISO 8601): only pre-orders for afterwards.' }),
    deliveryOptions: z.array(z.enum(DELIVERY_OPTIONS)),
    selfPickupOnly: z.boolean(),
    hasPdfPriceList: z.boolean(),
    deliveryPostalCodes: z.array(z.string()).openapi({ description: 'Postal codes (5-digit strings) the courier serves.' }),
    location: z.object({ lat: z.number(), lng: z.number() }),
  })
  .openapi('Pharmacy');
export type PharmacyDto = z.infer<typeof PharmacyDto>;

export const PharmacyListDto = z.object({ items: z.array(PharmacyDto) }).openapi('PharmacyList');

type PharmacyRow = typeof pharmacies.$inferSelect;

/** `now` comes from the request's injected clock so openNow can be tested at any instant. */
export function toPharmacyDto(row: PharmacyRow, now: Date): PharmacyDto {
  // Stored hours may omit closed days; the wire shape always lists all seven.
  const openingHours = Object.fromEntries(WEEK.map((day) => [day, row.openingHours[day] ?? []])) as PharmacyDto['openingHours'];
  return {
    id: row.id,
    name: row.name,
    address: { street: row.street, houseNumber: row.houseNumber, postalCode: row.postalCode, city: row.city, state: row.state },
    phone: row.phone,
    email: row.email,
    termsUrl: row.termsUrl,
    openingHours,
    openNow: isOpenAt(withHolidays(openingHours, row.state, row.closedUntil), now),
    closedUntil: row.closedUntil && row.closedUntil.getTime() > now.getTime() ? row.closedUntil.toISOString() : null,
    deliveryOptions: row.deliveryOptions,
    selfPickupOnly: row.selfPickupOnly,
    hasPdfPriceList: row.hasPdfPriceList,
    deliveryPostalCodes: row.deliveryPostalCodes,
    location: { lat: row.lat, lng: row.lng },
  };
}
