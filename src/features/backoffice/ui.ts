// Public surface of the back-office feature for pages: its screens' layout (with the stock,
// settings and staff islands) and the invitation page. The order queue is the orders feature's.
export { default as BackOfficePage } from './components/BackOfficePage.astro';
export { default as InvitePage } from './components/InvitePage.astro';
