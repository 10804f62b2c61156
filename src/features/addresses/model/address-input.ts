// The postal-code module alone: the geocoding index would bring its table into browser bundles.
import { isPostalCode, normalizePostalCode } from '../../../platform/geocoding/postal-code';
import { fail, ok, type Result } from '../../../platform/http/result';
import { isValidHouseNumber, normalizeHouseNumber } from '../../../platform/geocoding/house-number';

/** Field limits: generous for real addresses, small enough to keep rows and rider screens sane. */
export const ADDRESS_LIMITS = { recipient_first_name: 100, recipient_last_name: 100, street_address: 100, room: 100, locality: 100, note: 200 } as const;

/** The wire fields (snake_case, as spec §3 names them). */
export interface AddressInput {
  /** The recipient; absent on the wire: the account's name is taken (the server requires one either way). */
  recipient_first_name: string | null;
  recipient_last_name: string | null;
  street_address: string;
  house_number: string;
  room: string | null;
  postal_code: string;
  locality: string;
  note: string | null;
}

type AddressError = 'ADDRESS_FIELDS_REQUIRED' | 'HOUSE_NUMBER_REQUIRED' | 'INVALID_POSTAL_CODE' | 'INVALID_HOUSE_NUMBER' | 'BAD_REQUEST';

const REQUIRED = ['street_address', 'postal_code', 'locality'] as const;
const OPTIONAL = ['recipient_first_name', 'recipient_last_name', 'room', 'note'] as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** Optional text: trimmed, blanks become null. */
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Checks a raw request body and returns the cleaned address or the one code the form should show.
 * Order of precedence: a missing field ("Please fill in all fields") before a missing house
 * number, before malformed values, so the customer fixes the biggest problem first. `fields`
 * names every offending field with its own code.
 */
export function validateAddressInput(raw: unknown): Result<AddressInput, AddressError> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('BAD_REQUEST');
  const body = raw as Record<string, unknown>;
  const fields: Record<string, AddressError> = {};

  for (const key of REQUIRED) {
    if (isBlank(body[key])) fields[key] = 'ADDRESS_FIELDS_REQUIRED';
    else if (typeof body[key] !== 'string') fields[key] = key === 'postal_code' ? 'INVALID_POSTAL_CODE' : 'BAD_REQUEST';
  }
  if (isBlank(body.house_number)) fields.house_number = 'HOUSE_NUMBER_REQUIRED';
  else if (typeof body.house_number !== 'string' || !isValidHouseNumber(body.house_number)) fields.house_number = 'INVALID_HOUSE_NUMBER';

  if (typeof body.postal_code === 'string' && !isBlank(body.postal_code) && !isPostalCode(normalizePostalCode(body.postal_code))) {
    fields.postal_code = 'INVALID_POSTAL_CODE';
  }
  for (const key of ['street_address', 'locality'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim().length > ADDRESS_LIMITS[key]) fields[key] = 'BAD_REQUEST';
  }
  for (const key of OPTIONAL) {
    const value = body[key];
    if (value !== undefined && value !== null && typeof value !== 'string') fields[key] = 'BAD_REQUEST';
    else if (typeof value === 'string' && value.trim().length > ADDRESS_LIMITS[key]) fields[key] = 'BAD_REQUEST';
  }

  const codes = Object.values(fields);
  if (codes.length > 0) {
    const order: AddressError[] = ['ADDRESS_FIELDS_REQUIRED', 'HOUSE_NUMBER_REQUIRED', 'INVALID_POSTAL_CODE', 'INVALID_HOUSE_NUMBER', 'BAD_REQUEST'];
    const code = order.find((candidate) => codes.includes(candidate)) ?? 'BAD_REQUEST';
    return fail(code, { fields });
  }

  return ok({
    recipient_first_name: optionalText(body.recipient_first_name),
    recipient_last_name: optionalText(body.recipient_last_name),
    street_address: (body.street_address as string).trim(),
    house_number: normalizeHouseNumber(body.house_number as string),
    room: optionalText(body.room),
    postal_code: normalizePostalCode(body.postal_code as string),
    locality: (body.locality as string).trim(),
    note: optionalText(body.note),
  });
}
