import * as z from 'zod/mini';
import { isPostalCode, normalizePostalCode } from '../../../platform/geocoding/postal-code';
import { isValidHouseNumber } from '../../../platform/geocoding/house-number';

/**
 * The manual location form: a postal code is enough to find the pharmacy; street and house number
 * are optional and only sharpen the distance. Messages are selection keys or catalogue codes.
 */
export const manualEntrySchema = z.object({
  postalCode: z
    .string()
    .check(
      z.refine((value) => value.trim() !== '', 'postalCodeRequired'),
      z.refine((value) => value.trim() === '' || isPostalCode(normalizePostalCode(value)), 'INVALID_POSTAL_CODE'),
    ),
  street: z.string(),
  houseNumber: z.string().check(z.refine((value) => value.trim() === '' || isValidHouseNumber(value), 'INVALID_HOUSE_NUMBER')),
});

export type ManualEntryValues = z.infer<typeof manualEntrySchema>;

/** The delivery-area body for the form; blank optional fields are left out. */
export function manualEntryAddress(values: ManualEntryValues) {
  const street = values.street.trim();
  const houseNumber = values.houseNumber.trim();
  return {
    postal_code: normalizePostalCode(values.postalCode),
    ...(street ? { street_address: street } : {}),
    ...(houseNumber ? { house_number: houseNumber } : {}),
  };
}

/** "Karl-Liebknecht-Straße 13, 10178" or just "10178" for the outcome's heading. */
export function manualEntryLabel(values: ManualEntryValues): string {
  const street = [values.street.trim(), values.houseNumber.trim()].filter(Boolean).join(' ');
  return street ? `${street}, ${normalizePostalCode(values.postalCode)}` : normalizePostalCode(values.postalCode);
}
