// Astro components of the consent feature: the consent layer every page renders.
export { default as ConsentLayer } from './components/ConsentLayer.astro';
