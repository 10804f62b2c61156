// Browser-safe surface of the prescriptions feature for islands: the same token parsing and
// co-payment rules the server applies, so the redeem screen explains a code exactly as the server
// will. No server code.
export * from './model/public';
