// Public surface of the favorites feature for pages: Astro components.
export { default as FavoriteButton } from './components/FavoriteButton.astro';
// The /shop/favorites page body (both languages).
export { default as FavoritesPage } from './components/FavoritesPage.astro';
