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

/**
 * Outside every courier zone: what still exists, in the same words on the address screens, the
 * pharmacy chip, the cart and the checkout (issue 11).
 */
export const OUTSIDE_AREA_OFFER: { en: string; de: string } = {
  en: 'You can still order: sent by parcel from a pharmacy with a mail-order licence (1–3 business days), or for pickup at a pharmacy nearby.',
  de: 'Sie können trotzdem bestellen: als Paket von einer Apotheke mit Versanderlaubnis (1–3 Werktage) oder zur Abholung in einer Apotheke in Ihrer Nähe.',
};

/** An address the chosen pharmacy does not reach but another one does: that one is proposed. */
export const OTHER_PHARMACY_DELIVERS: { en: string; de: string } = {
  en: '{pharmacy} delivers to this address. Order from {pharmacy} instead?',
  de: '{pharmacy} liefert an diese Adresse. Stattdessen bei {pharmacy} bestellen?',
};

export const otherPharmacyText = (pharmacy: string, locale: 'en' | 'de'): string => OTHER_PHARMACY_DELIVERS[locale].replaceAll('{pharmacy}', pharmacy);
