// Public surface of the pharmacies feature for pages: Astro components.
export { default as AvailabilityBadge } from './components/AvailabilityBadge.astro';
export { default as LocationChip } from './components/LocationChip.astro';
// For lists rendered by islands (favorites) that show availability lines too.
export { default as AvailabilityStyles } from './components/AvailabilityStyles.astro';
// The pharmacy-selection page, and the delivery-check outcome island the address screen shows.
export { default as PharmacySelectionPage } from './components/PharmacySelectionPage.astro';
export { default as DeliveryCheckResult } from './islands/DeliveryCheckResult';
// Under the cart: who delivers it to the chosen address, and the pharmacy that does when the cart's does not.
export { default as CartDeliveryVerdict } from './islands/CartDeliveryVerdict';
// The home hero's postal-code check with its delivery promise.
export { default as DeliveryPromise } from './components/DeliveryPromise.astro';
