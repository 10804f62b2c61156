/** Shop API v1 lives under one prefix so a v2 can be added next to it. */
export const SHOP_V1 = '/shop/v1';

/** Catalogue answers change only on import, so a minute of public caching is safe and cheap. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60';

export const SHOP_TAG = 'shop';

// Generic OpenAPI helpers moved to the platform; re-exported while other features migrate.
export { badRequestHook, errorEntries, errorJson, json } from '../../../platform/http/openapi';
