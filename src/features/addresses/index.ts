// Public surface of the addresses feature: API registration and the address rules other features share.
export { registerAddressRoutes } from './server/routes';
export { isValidHouseNumber, normalizeHouseNumber, HOUSE_NUMBER_MAX_LENGTH } from './model/house-number';
export { validateAddressInput, ADDRESS_LIMITS, type AddressInput } from './model/address-input';
