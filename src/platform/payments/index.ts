// Payment seam (server): the gateway interface, the demo acquirer, the HTTP adapter and the
// selection by environment. Islands import ./client instead (card checks only, no Node code).
export * from './types';
export * from './card-validation';
export { TEST_CARDS, testOutcome, type TestOutcome } from './test-cards';
export { demoAcquirer } from './demo-acquirer';
export { httpAcquirer, HTTP_ACQUIRER_TIMEOUT_MS, type HttpAcquirerOptions, type FetchLike } from './http-acquirer';
export { paymentGatewayFromEnv, PaymentConfigError } from './select-gateway';
