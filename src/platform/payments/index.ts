// Payment seam (server): the gateway interface, the demo provider, the Stripe adapter, webhook
// signatures and the selection by environment. Islands import ./client instead (no Node code).
export * from './types';
export * from './card-validation';
export { TEST_CARDS, TEST_IBANS, TEST_PAYPAL_ACCOUNT, TEST_WALLET_CARDS, normalizeIban, testOutcome, type TestOutcome } from './test-cards';
export { createDemoProvider, sharedDemoProvider, DEMO_PSP_PATH, DEMO_WEBHOOK_SECRET_DEFAULT, type DemoProvider, type DemoProviderOptions, type DemoConfirmInput } from './demo-provider';
export { memoryDemoState, databaseDemoState, processDemoState, type DemoState } from './demo-state';
export { demoPaymentIntents, demoPaymentMethods, demoPaymentCustomers } from './demo-tables';
export { stripeGateway, STRIPE_TIMEOUT_MS, STRIPE_JS_URL, STRIPE_CSP, STRIPE_BROWSER_METHODS, type StripeGatewayOptions, type FetchLike } from './stripe-gateway';
export { signPayload, verifySignedEvent, SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature';
export { paymentGatewayFromEnv, paymentCspSources, stripeConfigured, applePayDomainAssociation, APPLE_PAY_DOMAIN_FILE, demoLatencyFromEnv, PaymentConfigError } from './select-gateway';
