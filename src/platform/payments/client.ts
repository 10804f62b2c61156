// Browser-safe part of the payment seam: brands, method types and the seam's browser config shape.
// Card data is never handled by the shop's own code in the browser either: the provider's hosted
// fields take it.
export { CARD_BRANDS, PAYMENT_METHOD_TYPES, type CardBrand, type PaymentErrorCode, type PaymentMethodType, type BrowserPaymentConfig } from './types';
