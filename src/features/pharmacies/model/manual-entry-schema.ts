import * as z from 'zod/mini';
import { isPostalCode, normalizePostalCode } from '../../../platform/geocoding/postal-code';
import { isValidHouseNumber } from '../../../platform/geocoding/house-number';
import type { ManualEntryValues } from './manual-entry';

/**
 * The manual location form: a postal code is enough to find the pharmacy; street and house number
 * are optional and only sharpen the distance. Messages are selection keys or catalogue codes.
 */
export const manualEntrySchema: z.ZodMiniType<ManualEntryValues> = z.object({
  postalCode: z
    .string()
    .check(
      z.refine((value) => value.trim() !== '', 'postalCodeRequired'),
      z.refine((value) => value.trim() === '' || isPostalCode(normalizePostalCode(value)), 'INVALID_POSTAL_CODE'),
    ),
  street: z.string(),
  houseNumber: z.string().check(z.refine((value) => value.trim() === '' || isValidHouseNumber(value), 'INVALID_HOUSE_NUMBER')),
});
