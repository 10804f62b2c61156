// Public surface of the auth feature: the browser session and the route guard (used by the layout).
export { TOKEN_KEY, PROFILE_KEY, getToken, isLoggedIn, saveToken, clearSession } from './model/session';
export { loginRedirectUrl, safeRedirectTarget, guardInlineScript } from './model/guard';
export { AUTH_ROUTES } from './model/routes';
