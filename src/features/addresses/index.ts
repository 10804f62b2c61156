// Public surface of the addresses feature: API registration and the address rules other features share.
export { registerAddressRoutes } from './server/routes';
export { validateAddressInput, ADDRESS_LIMITS, type AddressInput } from './model/address-input';
// For the cart, which refuses additions until the customer has said where to deliver (spec §6).
export { hasShippingAddress } from './server/has-shipping-address';
// For checkout: the order snapshots the customer's chosen addresses.
export { findAddress, latestShippingAddress } from './server/address-by-id';
export type { AddressDto } from './server/dto';
