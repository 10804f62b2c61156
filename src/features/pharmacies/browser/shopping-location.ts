import { atom, type WritableAtom } from 'nanostores';

/**
 * Where the visitor shops, kept in localStorage (spec §3: latitude/longitude, selected pharmacy,
 * address selection), so a browse-only visitor can set it too and every tab and page agrees.
 * Storage may be unavailable (privacy mode): then the values live for this page only.
 */
export const LOCATION_KEY = 'apobote.location';
export const PHARMACY_KEY = 'apobote.pharmacy';
export const ADDRESS_SELECTION_KEY = 'apobote.address';

export interface DeviceLocation {
  lat: number;
  lng: number;
  /** The postal-code area of the point, when the server knows it. */
  postalCode: string | null;
}

export interface SelectedPharmacy {
  id: string;
  name: string;
}

export interface AddressSelection {
  /** The shipping address id on the server; null for an address typed by a browse-only visitor. */
  id: string | null;
  postalCode: string;
  /** One line for display, e.g. "Karl-Liebknecht-Straße 13, 10178 Berlin". */
  label: string;
}

type Guard<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const isDeviceLocation: Guard<DeviceLocation> = (v): v is DeviceLocation =>
  isRecord(v) && typeof v.lat === 'number' && typeof v.lng === 'number' && (v.postalCode === null || typeof v.postalCode === 'string');

export const isSelectedPharmacy: Guard<SelectedPharmacy> = (v): v is SelectedPharmacy =>
  isRecord(v) && typeof v.id === 'string' && v.id !== '' && typeof v.name === 'string';

export const isAddressSelection: Guard<AddressSelection> = (v): v is AddressSelection =>
  isRecord(v) && (v.id === null || typeof v.id === 'string') && typeof v.postalCode === 'string' && typeof v.label === 'string';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Reads a stored JSON value; anything unreadable or of the wrong shape counts as not set. */
export function readStored<T>(key: string, guard: Guard<T>): T | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the atom still holds the value for this page.
  }
}

/** An atom mirrored to one localStorage key, and updated when another tab changes that key. */
function storedAtom<T>(key: string, guard: Guard<T>): WritableAtom<T | null> {
  const store = atom<T | null>(readStored(key, guard));
  store.listen((value) => writeStored(key, value));
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key) store.set(readStored(key, guard));
    });
  }
  return store;
}

export const $deviceLocation = storedAtom(LOCATION_KEY, isDeviceLocation);
export const $selectedPharmacy = storedAtom(PHARMACY_KEY, isSelectedPharmacy);
export const $addressSelection = storedAtom(ADDRESS_SELECTION_KEY, isAddressSelection);
