/**
 * Size limits of a request, enforced before anything reads it (the Node server refuses declared
 * sizes at once; the API counts streamed bodies too). A 300 MB anonymous JSON body used to be read
 * into memory whole.
 */

/**
 * Every other API body is JSON. The largest legitimate ones (a registration with
 * two long passwords, a social sign-in token, an order draft, 100 PZNs for the delivery check) stay
 * under 8 KiB; 64 KiB leaves room without letting a body cost the server anything.
 */
export const API_JSON_BODY_LIMIT = 64 * 1024;

/** The back office's catalogue upload (operators): one catalogue file as text, e.g. the stock list. */
export const CATALOG_UPLOAD_BODY_LIMIT = 4 * 1024 * 1024;
export const CATALOG_UPLOAD_PATH = '/api/v1/pharmacy/catalog/import';

/** Request line plus headers, Node's own default made explicit; beyond it Node answers 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The shop's longest URLs (a search, a product page) are a few hundred characters. */
export const MAX_URL_BYTES = 8 * 1024;

/** The built-in demo payment provider's forms and confirm calls (demo mode only; see platform/payments). */
export const DEMO_PSP_BODY_LIMIT = 8 * 1024;

/**
 * A photo in the pharmacist chat (POST …/chat/conversations/{id}/photos,
 * the raw JPEG or PNG as the body), at most 5 MiB. Beyond it the answer is PHOTO_TOO_LARGE.
 */
export const PHOTO_UPLOAD_BODY_LIMIT = 5 * 1024 * 1024;
const PHOTO_UPLOAD_PATH = /^\/api\/v1\/(?:user|pharmacy)\/chat\/conversations\/[^/]+\/photos$/;

export function isPhotoUploadPath(pathname: string): boolean {
  return PHOTO_UPLOAD_PATH.test(pathname);
}

/** The body a path may receive: pages (prebuilt or rendered on demand) take none. */
export function bodyLimitFor(pathname: string): number {
  if (pathname.startsWith('/demo-psp/')) return DEMO_PSP_BODY_LIMIT;
  if (pathname === CATALOG_UPLOAD_PATH) return CATALOG_UPLOAD_BODY_LIMIT;
  if (isPhotoUploadPath(pathname)) return PHOTO_UPLOAD_BODY_LIMIT;
  return pathname === '/api' || pathname.startsWith('/api/') ? API_JSON_BODY_LIMIT : 0;
}
