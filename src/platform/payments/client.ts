// Browser-safe part of the payment seam for the card form: validation, brands and test cards.
export * from './card-validation';
export { TEST_CARDS } from './test-cards';
export { CARD_BRANDS, type CardBrand, type CardDetails, type CardErrorCode, type PaymentErrorCode, type SavedCard } from './types';
