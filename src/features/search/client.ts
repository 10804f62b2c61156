// Browser-safe surface of the search feature: the header box's suggestions (loaded on its first focus).
export { mountSuggestions } from './browser/suggest';
