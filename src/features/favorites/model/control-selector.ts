/** The toggles the pages render (FavoriteButton.astro): `data-pzn`, `data-name`, `aria-pressed`. */
export const CONTROL_SELECTOR = 'button[data-favorite-control][data-pzn]';
