// Astro components of the push feature for pages: the offer of order notifications.
export { default as PushPrompt } from './components/PushPrompt.astro';
