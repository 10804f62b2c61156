import type { components } from '../../../platform/api-client/schema';

/** The account calls' shapes, straight from the generated OpenAPI types (never written by hand). */
export type Profile = components['schemas']['Profile'];
export type AuthResult = components['schemas']['AuthResult'];
export type SocialProviderInfo = components['schemas']['SocialProviders']['providers'][number];
