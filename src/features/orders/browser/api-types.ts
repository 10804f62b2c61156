import type { components } from '../../../platform/api-client/schema';

/** The order calls' shapes, straight from the generated OpenAPI types. */
export type Order = components['schemas']['Order'];
export type OrderSummary = components['schemas']['OrderSummary'];
export type OrderStatusInfo = components['schemas']['OrderStatus'];
export type PharmacyOrder = components['schemas']['PharmacyOrder'];
