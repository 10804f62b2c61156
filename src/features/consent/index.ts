// Public surface of the consent feature on the server: the configured services the browser starts
// after consent, and the e-mail hash for the affiliate identify.
export { registerConsentRoutes } from './server/routes';
