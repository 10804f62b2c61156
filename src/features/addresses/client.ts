// Browser-safe surface of the addresses feature for islands: the address rules the forms share
// with the server, so a customer sees the same verdict before and after sending. No server code.
export { isValidHouseNumber, normalizeHouseNumber, HOUSE_NUMBER_MAX_LENGTH } from './model/house-number';
export { validateAddressInput, ADDRESS_LIMITS, type AddressInput } from './model/address-input';
export { addressLine, type AddressParts } from './model/address-line';
