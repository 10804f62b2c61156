// Browser-safe surface of the accounts feature for other features' browser code: the route guard,
// ending the session and the shared handling of a revoked token (401). Free of module side effects,
// so a catalogue page's script that imports the guard alone ships nothing else. (The token itself
// is read through platform/api-client/token, which every API call needs.)
export { loginRedirectUrl, safeRedirectTarget, guardInlineScript } from './model/guard';
export { AUTH_ROUTES } from './model/routes';
export { clearSession, PROFILE_KEY } from './browser/session';
export { handleUnauthorized } from './browser/unauthorized';
