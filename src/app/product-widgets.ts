import { CartButton } from '../features/cart/ui';
import type { ProductWidgets } from '../features/catalog/ui';
import { FavoriteButton } from '../features/favorites/ui';
import { AvailabilityBadge } from '../features/pharmacies/ui';

/**
 * The controls other features add to every product on the catalogue pages. Cart, favorites and
 * pharmacies read products from the catalogue, so the catalogue cannot import them back: it
 * declares the places (ProductWidgets) and the routes hand it these.
 */
export const productWidgets: ProductWidgets = {
  Availability: AvailabilityBadge,
  Favorite: FavoriteButton,
  AddToCart: CartButton,
};
