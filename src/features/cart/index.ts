// Public surface of the cart feature: the API registration and the pure models the islands share.
export { registerCartRoutes } from './server/routes';
export * from './model/pricing';
export { MAX_QUANTITY_PER_LINE } from './model/limits';
export { duplicateIngredients, type DuplicateIngredient, type IngredientLine } from './model/duplicate-ingredients';
export type { CartDto, CartWarning } from './server/dto';
// For checkout: an order is placed from the server cart (reconciled with stock as the cart page
// does), which it empties once placed.
export { cartLines, cartPharmacy, clearLines, clearLinesStatement, setCartPharmacy } from './server/cart-repo';
export { cartView, checkedCart, type CheckedCartRows, type KnownCart } from './server/view';
// For "Order again": an earlier order's items go into the cart as the "+" button adds them.
export { incrementLine } from './server/cart-service';
