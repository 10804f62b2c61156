// Astro components of the delivery feature for pages: the courier app and the order screen
// the order page takes in its "screen" slot.
export { default as CourierPage } from './components/CourierPage.astro';
export { default as OrderScreenSection } from './components/OrderScreenSection.astro';
