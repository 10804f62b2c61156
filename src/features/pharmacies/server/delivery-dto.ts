import { z } from '@hono/zod-openapi';
import { DELIVERY_OUTCOMES } from '../model/delivery-outcome';
import { MAX_PZNS_PER_REQUEST } from '../model/pzn-list';
import { PharmacyDto } from './dto';

/*
 * Field names of the delivery-area and nearest calls are snake_case, like the address fields of
 * spec §3 they carry; the embedded `pharmacy` is the shared Pharmacy schema (camelCase) unchanged.
 */

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const DeliveryAreaBody = z
  .object({
    postal_code: z.string().openapi({ example: '10178', description: 'Five digits; leading zeros kept.' }),
    street_address: z.string().max(100).optional().openapi({ example: 'Karl-Liebknecht-Straße' }),
    house_number: z.string().max(20).optional().openapi({ example: '13' }),
    locality: z.string().max(100).optional().openapi({ example: 'Berlin' }),
    lat: latitude.optional().openapi({ description: 'Device position; send with lng to skip geocoding.' }),
    lng: longitude.optional(),
    pzns: z
      .array(z.string())
      .max(MAX_PZNS_PER_REQUEST)
      .optional()
      .openapi({ description: `The cart's PZNs (up to ${MAX_PZNS_PER_REQUEST}); stock decides the serving pharmacy.`, example: ['10019621'] }),
  })
  .openapi('DeliveryAreaQuery');

export const DeliveryPharmacyDto = z
  .object({
    pharmacy: PharmacyDto,
    delivers: z.boolean().openapi({ description: 'Its courier zone holds the postal code.' }),
    distance_km: z.number().nullable().openapi({ description: 'From the address (0.1 km steps); null when the address has no position.' }),
    in_stock_count: z.number().int().openapi({ description: 'How many of the given PZNs it has in stock.' }),
    missing_pzns: z.array(z.string()),
  })
  .openapi('DeliveryPharmacy');
export type DeliveryPharmacyDto = z.infer<typeof DeliveryPharmacyDto>;

export const DeliveryAreaDto = z
  .object({
    outcome: z.enum(DELIVERY_OUTCOMES),
    message: z.object({ en: z.string(), de: z.string() }).nullable(),
    postal_code: z.string(),
    locality: z.string().nullable().openapi({ description: 'The place of the postal code (its first, where several share it); null for an address not recognised.', example: 'Berlin' }),
    location: z
      .object({ lat: z.number(), lng: z.number(), source: z.enum(['client', 'geocoder']), precision: z.enum(['device', 'address', 'postal_code', 'city']) })
      .nullable(),
    missing_pzns: z.array(z.string()).openapi({ description: 'Given PZNs the serving pharmacy does not have in stock.' }),
    // A union, not .nullable(): the generator would otherwise mark the DeliveryPharmacy component itself nullable.
    pharmacy: z.union([DeliveryPharmacyDto, z.null()]).openapi({ description: 'The serving pharmacy chosen automatically; null outside the area.' }),
    alternatives: z.array(DeliveryPharmacyDto).openapi({
      description: 'In the area: the other delivering pharmacies, best first. Outside: the nearest pharmacies (for pickup), nearest first.',
    }),
  })
  .openapi('DeliveryArea');
export type DeliveryAreaDto = z.infer<typeof DeliveryAreaDto>;

export const NearestQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).openapi({ param: { name: 'lat', in: 'query' }, example: 52.52 }),
  lng: z.coerce.number().min(-180).max(180).openapi({ param: { name: 'lng', in: 'query' }, example: 13.405 }),
  limit: z.coerce.number().int().min(1).max(50).optional().openapi({ param: { name: 'limit', in: 'query' }, example: 5 }),
});

export const NearestDto = z
  .object({
    postal_code: z.string().nullable().openapi({ description: 'The postal-code area of the point, or null when unknown.' }),
    locality: z.string().nullable(),
    items: z.array(
      z.object({
        pharmacy: PharmacyDto,
        distance_km: z.number(),
        delivers_to_location: z.boolean().openapi({ description: 'Its courier zone holds the point’s postal code.' }),
      }),
    ),
  })
  .openapi('NearestPharmacies');
export type NearestDto = z.infer<typeof NearestDto>;
