// Public surface of the cards feature: the API registration and the saved-card functions the
// orders feature calls inside its own transaction. Only tokens are stored, never card numbers.
export { registerCardRoutes, retryPaymentErasures, startPaymentErasureRetry, type CardRoutesOptions } from './server/routes';
export { saveCard, findCard, findPaymentCustomer, rememberPaymentCustomer, type SavedCardRow, type SaveCardInput } from './server/cards-repo';
