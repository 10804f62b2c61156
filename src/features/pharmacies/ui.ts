// Public surface of the pharmacies feature for pages: Astro components.
export { default as AvailabilityBadge } from './components/AvailabilityBadge.astro';
export { default as LocationChip } from './components/LocationChip.astro';
