import * as z from 'zod/mini';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { validateAddressInput, type AddressInput } from './address-input';

/**
 * The address form's values: the wire names (spec §3), so the server's per-field codes land on
 * the same fields. Every field is a string while typing; blanks become null on the wire.
 */
export interface AddressFormValues {
  recipient_first_name: string;
  recipient_last_name: string;
  street_address: string;
  house_number: string;
  room: string;
  postal_code: string;
  locality: string;
  note: string;
}

export const ADDRESS_FIELDS = ['recipient_first_name', 'recipient_last_name', 'street_address', 'house_number', 'room', 'postal_code', 'locality', 'note'] as const satisfies readonly (keyof AddressFormValues)[];

export const EMPTY_ADDRESS: AddressFormValues = { recipient_first_name: '', recipient_last_name: '', street_address: '', house_number: '', room: '', postal_code: '', locality: '', note: '' };

export function isAddressField(name: string): name is keyof AddressFormValues {
  return (ADDRESS_FIELDS as readonly string[]).includes(name);
}

/** A saved address as form values (for editing). */
export function toFormValues(
  address: Omit<AddressInput, 'room' | 'note' | 'recipient_first_name' | 'recipient_last_name'> & {
    room: string | null;
    note: string | null;
    recipient_first_name?: string | null;
    recipient_last_name?: string | null;
  },
): AddressFormValues {
  return {
    recipient_first_name: address.recipient_first_name ?? '',
    recipient_last_name: address.recipient_last_name ?? '',
    street_address: address.street_address,
    house_number: address.house_number,
    room: address.room ?? '',
    postal_code: address.postal_code,
    locality: address.locality,
    note: address.note ?? '',
  };
}

/**
 * The field codes the server would answer, from the same rules (validateAddressInput): every
 * offending field with its own code, e.g. { house_number: 'HOUSE_NUMBER_REQUIRED' }.
 */
export function addressFieldErrors(values: AddressFormValues): Partial<Record<keyof AddressFormValues, ErrorCode>> {
  const checked = validateAddressInput(values);
  const errors: Partial<Record<keyof AddressFormValues, ErrorCode>> = {};
  if (!checked.ok) for (const [name, code] of Object.entries(checked.fields ?? {})) if (isAddressField(name)) errors[name] = code;
  // The form always names the recipient (prefilled from the profile); the API alone may leave it to the account.
  for (const name of ['recipient_first_name', 'recipient_last_name'] as const) if (!errors[name] && values[name].trim() === '') errors[name] = 'ADDRESS_FIELDS_REQUIRED';
  return errors;
}

/** The address form's schema: the shared address rules, each message a catalogue code. */
export const addressFormSchema = z
  .object({
    recipient_first_name: z.string(),
    recipient_last_name: z.string(),
    street_address: z.string(),
    house_number: z.string(),
    room: z.string(),
    postal_code: z.string(),
    locality: z.string(),
    note: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      for (const [name, code] of Object.entries(addressFieldErrors(values))) ctx.issues.push({ code: 'custom', message: code, path: [name], input: values });
    }),
  );
