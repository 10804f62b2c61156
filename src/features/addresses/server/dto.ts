import { z } from '@hono/zod-openapi';
import { ADDRESS_LIMITS } from '../model/address-input';
import { HOUSE_NUMBER_MAX_LENGTH } from '../../../platform/geocoding/house-number';
import type { userAddresses } from './schema';

export const ADDRESS_KINDS = ['shipping', 'billing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * Request body. Field names are snake_case as spec §3 lists them, in requests and answers alike.
 * The schema documents the shape; validateAddressInput decides the error code (see the route hook).
 */
export const AddressBody = z
  .object({
    recipient_first_name: z
      .string()
      .max(ADDRESS_LIMITS.recipient_first_name)
      .nullish()
      .openapi({ example: 'Erika', description: "The recipient's first name; left out, the account's is taken. Required one way or the other." }),
    recipient_last_name: z.string().max(ADDRESS_LIMITS.recipient_last_name).nullish().openapi({ example: 'Mustermann', description: "The recipient's last name; as the first name." }),
    street_address: z.string().max(ADDRESS_LIMITS.street_address).openapi({ example: 'Straße des 17. Juni', description: 'Street name only; it may contain numbers and is never split.' }),
    house_number: z.string().max(HOUSE_NUMBER_MAX_LENGTH).openapi({ example: '12a', description: 'Required. Forms: 12, 12a, 12 A, 12-14, 12a-14d, 7 1/2, 3/1.' }),
    room: z.string().max(ADDRESS_LIMITS.room).nullish().openapi({ example: '3. OG links', description: 'Optional: floor, flat, c/o.' }),
    postal_code: z.string().openapi({ example: '10557', description: 'Five digits as a string; leading zeros are kept.' }),
    locality: z.string().max(ADDRESS_LIMITS.locality).openapi({ example: 'Berlin' }),
    note: z.string().max(ADDRESS_LIMITS.note).nullish().openapi({ example: 'Bitte beim Nachbarn klingeln', description: 'Optional note to the rider, at most 200 characters.' }),
  })
  .openapi('AddressInput');

export const AddressDto = z
  .object({
    id: z.string().openapi({ example: 'c1f0b2a4-6d5e-4f3a-9b8c-7d6e5f4a3b2c' }),
    type: z.enum(ADDRESS_KINDS),
    recipient_first_name: z.string().nullable().openapi({ description: 'Null only on addresses saved before recipients were asked for.' }),
    recipient_last_name: z.string().nullable(),
    street_address: z.string(),
    house_number: z.string(),
    room: z.string().nullable(),
    postal_code: z.string(),
    locality: z.string(),
    note: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Address');
export type AddressDto = z.infer<typeof AddressDto>;

export const AddressListDto = z
  .object({ shipping: z.array(AddressDto), billing: z.array(AddressDto) })
  .openapi('AddressList', { description: 'Both lists, oldest first.' });

export const DeletedDto = z.object({ ok: z.literal(true) }).openapi('AddressDeleted');

export const AddressIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'c1f0b2a4-6d5e-4f3a-9b8c-7d6e5f4a3b2c' }),
});

export function toAddressDto(row: typeof userAddresses.$inferSelect): AddressDto {
  return {
    id: row.id,
    type: row.kind,
    recipient_first_name: row.recipientFirstName,
    recipient_last_name: row.recipientLastName,
    street_address: row.streetAddress,
    house_number: row.houseNumber,
    room: row.room,
    postal_code: row.postalCode,
    locality: row.locality,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
