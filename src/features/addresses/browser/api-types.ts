import type { components } from '../../../platform/api-client/schema';

/** The address calls' shapes, straight from the generated OpenAPI types. */
export type Address = components['schemas']['Address'];
export type AddressList = components['schemas']['AddressList'];
