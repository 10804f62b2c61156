// Public surface of the accounts feature for pages: the account screens and the logout page.
export { default as AuthScreenPage } from './components/AuthScreenPage.astro';
export { default as LogoutPage } from './components/LogoutPage.astro';
