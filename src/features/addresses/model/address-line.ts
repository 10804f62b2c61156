/** The parts of an address a one-line label needs (wire names, spec §3). */
export interface AddressParts {
  street_address: string;
  house_number: string;
  postal_code: string;
  locality: string;
  room?: string | null;
}

/** "Karl-Liebknecht-Straße 13, 10178 Berlin": street and number as written, never re-split. */
export function addressLine(address: AddressParts): string {
  return `${address.street_address.trim()} ${address.house_number.trim()}, ${address.postal_code.trim()} ${address.locality.trim()}`;
}
