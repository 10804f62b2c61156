import { interpolate } from '../../../platform/i18n/messages';
import type { AddressSelection, DeviceLocation, SelectedPharmacy } from '../browser/shopping-location';

export interface LocationState {
  pharmacy: SelectedPharmacy | null;
  address: AddressSelection | null;
  device: DeviceLocation | null;
}

export interface ChipTexts {
  /** "Choose pharmacy": nothing known yet. */
  choose: string;
  /** "Delivery to {postalCode}". */
  postalCode: string;
}

/**
 * What the header chip says: the chosen pharmacy; else the postal code of the delivery address or
 * of the device location; else the invitation to choose. `chosen` tells whether a pharmacy is set,
 * for the screen-reader prefix ("Your pharmacy:").
 */
export function locationLabel(state: LocationState, texts: ChipTexts): { text: string; chosen: boolean } {
  if (state.pharmacy?.name) return { text: state.pharmacy.name, chosen: true };
  const postalCode = state.address?.postalCode || state.device?.postalCode;
  if (postalCode) return { text: interpolate(texts.postalCode, { postalCode }), chosen: false };
  return { text: texts.choose, chosen: false };
}
