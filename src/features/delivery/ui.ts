// Astro components of the delivery feature for pages: the courier app and the tracking section
// the order page takes in its "tracking" slot.
export { default as CourierPage } from './components/CourierPage.astro';
export { default as OrderTrackingSection } from './components/OrderTrackingSection.astro';
