import { normalizePostalCode } from '../../../platform/geocoding/postal-code';

/** The manual location form's values (checked by manual-entry-schema.ts, which loads at the first check). */
export type ManualEntryValues = {
  postalCode: string;
  street: string;
  houseNumber: string;
};

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
