/** The four answers to "do you deliver here?" (spec §4 address outcomes, §8 messages). */
export const DELIVERY_OUTCOMES = ['in_area_all_in_stock', 'in_area_some_in_stock', 'outside_area', 'address_not_recognised'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** Shop API v1 texts carry both languages; the all-in-stock case needs no message. */
export const DELIVERY_MESSAGES: Record<DeliveryOutcome, { en: string; de: string } | null> = {
  in_area_all_in_stock: null,
  in_area_some_in_stock: {
    en: 'We deliver to this address, but not every item is in stock at the pharmacy.',
    de: 'Wir liefern an diese Adresse, aber nicht alle Artikel sind in der Apotheke vorrätig.',
  },
  outside_area: {
    en: 'We do not deliver to this address yet.',
    de: 'An diese Adresse liefern wir leider noch nicht.',
  },
  address_not_recognised: {
    en: 'We could not recognise this address. Please check postal code and city.',
    de: 'Wir konnten diese Adresse nicht erkennen. Bitte prüfen Sie Postleitzahl und Ort.',
  },
};

/** Which in-area outcome a set of missing PZNs means. */
export function inAreaOutcome(missingPzns: readonly string[]): DeliveryOutcome {
  return missingPzns.length === 0 ? 'in_area_all_in_stock' : 'in_area_some_in_stock';
}
