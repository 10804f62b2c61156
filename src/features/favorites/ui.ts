// Public surface of the favorites feature for pages: Astro components.
export { default as FavoriteButton } from './components/FavoriteButton.astro';
