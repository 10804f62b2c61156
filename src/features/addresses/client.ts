// Browser-safe surface of the addresses feature for other features' browser code: how an address
// reads on one line. No server code.
export { addressLine, type AddressParts } from './model/address-line';
