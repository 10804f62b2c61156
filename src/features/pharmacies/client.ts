// Browser-safe surface of the pharmacies feature for islands: where the visitor shops (stored
// locally) and the pure models the screens share. No server code.
export {
  $addressSelection,
  $deviceLocation,
  $selectedPharmacy,
  ADDRESS_SELECTION_KEY,
  LOCATION_KEY,
  PHARMACY_KEY,
  readStored,
  isAddressSelection,
  isDeviceLocation,
  isSelectedPharmacy,
  type AddressSelection,
  type DeviceLocation,
  type SelectedPharmacy,
} from './browser/shopping-location';
export { LOW_STOCK_THRESHOLD, stockStatus, type StockStatus } from './model/stock-status';
export { MAX_PZNS_PER_REQUEST } from './model/pzn-list';
export { isOpenAt, intervalsOn, withHolidays, type WeeklyHours } from './model/opening-hours';
export { DELIVERY_OUTCOMES, DELIVERY_MESSAGES, OUTSIDE_AREA_OFFER, otherPharmacyText, type DeliveryOutcome } from './model/delivery-outcome';
export { deliversTo, type CourierZone } from './model/delivery-zone';
// Availability at the selected pharmacy, for islands that list products (favorites).
export { fetchAvailability, type AvailabilityMap } from './browser/fetch-availability';
export { availabilityView, choosePharmacyText, type AvailabilityView } from './model/availability-view';
// Delivery check and pharmacy choice for islands (the address screen runs the check after a save).
export { $deliveryCheck, checkDelivery, choosePharmacy, type ChooseResult } from './browser/delivery-check';
export { choosePharmacyWhenAsked } from './browser/choose-when-asked';
export type { DeliveryAddress, DeliveryCheck } from './model/selection-types';
