/** What decides whether a pharmacy's courier comes to an address. */
export interface CourierZone {
  selfPickupOnly: boolean;
  deliveryOptions: readonly string[];
  /** The zone is a set of postal codes (5-digit strings). */
  deliveryPostalCodes: readonly string[];
}

/** Whether a pharmacy's courier serves a postal code (self-pickup-only ones deliver nowhere). */
export function deliversTo(pharmacy: CourierZone, postalCode: string): boolean {
  return !pharmacy.selfPickupOnly && pharmacy.deliveryOptions.includes('courier') && pharmacy.deliveryPostalCodes.includes(postalCode);
}
