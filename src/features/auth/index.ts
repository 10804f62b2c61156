// Public surface of the auth feature: the browser session, the route guard and the login call.
export { TOKEN_KEY, PROFILE_KEY, getToken, isLoggedIn, saveToken, clearSession } from './model/session';
export { loginRedirectUrl, safeRedirectTarget, guardInlineScript } from './model/guard';
export { LOGIN_ENDPOINT, requestLogin, type LoginOutcome } from './model/login';
