import type { components } from '../../../platform/api-client/schema';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import type { Pharmacy as CatalogPharmacy } from '../../catalog';
import { withHolidays, type WeeklyHours } from './opening-hours';

/** The answers of the shop API the selection screens read (generated types, never hand-written). */
export type DeliveryPharmacy = NonNullable<components['schemas']['DeliveryPharmacy']>;
/** The generated type loses `pharmacy: … | null`; the route answers null outside the area. */
export type DeliveryArea = Omit<components['schemas']['DeliveryArea'], 'pharmacy' | 'alternatives'> & {
  pharmacy: DeliveryPharmacy | null;
  alternatives: DeliveryPharmacy[];
};
export type NearestPharmacies = components['schemas']['NearestPharmacies'];
export type DeliveryOutcome = DeliveryArea['outcome'];

/** The address fields the delivery-area check reads (snake_case, as on the wire). */
export interface DeliveryAddress {
  postal_code: string;
  street_address?: string;
  house_number?: string;
  locality?: string;
}

export interface DeliveryCheck {
  answer: DeliveryArea;
  /** The address as the customer typed it, for the outcome's heading. */
  addressLabel: string;
  /** Names of the cart's products by PZN, so missing items are named rather than numbered. */
  productNames: Record<string, string>;
}

/** What the selection island needs of a pharmacy: prebuilt from the catalogue into the page. */
export interface SelectionPharmacy {
  id: string;
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  phone: string;
  termsHref: string;
  openingHours: WeeklyHours;
  deliveryOptions: Array<'courier' | 'parcel' | 'pickup'>;
  selfPickupOnly: boolean;
  priceListHref: string | null;
  deliveryPostalCodes: string[];
}

/** A relative terms link is one of the shop's own pages and gets the page language. */
export function localizedTermsHref(termsUrl: string, locale: Locale): string {
  return termsUrl.startsWith('/') && !termsUrl.startsWith('//') ? localizePath(termsUrl, locale) : termsUrl;
}

export function toSelectionPharmacy(pharmacy: CatalogPharmacy, locale: Locale, priceListHref: string | null): SelectionPharmacy {
  return {
    id: pharmacy.id,
    name: pharmacy.name,
    street: pharmacy.address.street,
    houseNumber: pharmacy.address.houseNumber,
    postalCode: pharmacy.address.postalCode,
    city: pharmacy.address.city,
    phone: pharmacy.phone,
    termsHref: localizedTermsHref(pharmacy.termsUrl, locale),
    openingHours: withHolidays(pharmacy.openingHours, pharmacy.address.state),
    deliveryOptions: pharmacy.deliveryOptions,
    selfPickupOnly: pharmacy.selfPickupOnly,
    priceListHref,
    deliveryPostalCodes: pharmacy.deliveryZone.postalCodes,
  };
}

/** By city, then name: the order of GET /pharmacies, so the page reads the same as the API. */
export function byCityAndName(a: SelectionPharmacy, b: SelectionPharmacy): number {
  return a.city.localeCompare(b.city, 'de') || a.name.localeCompare(b.name, 'de') || a.id.localeCompare(b.id);
}
