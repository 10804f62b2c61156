// Browser-safe surface of the cart feature for islands: pure models and client state, no server code.
export * from './model/pricing';
export { MAX_QUANTITY_PER_LINE } from './model/limits';
export { duplicateIngredients, type DuplicateIngredient, type IngredientLine } from './model/duplicate-ingredients';
export { CART_MIRROR_KEY, type CartMirror, type MirrorLine, type CartNotice, type CartSnapshot } from './model/mirror';
export { PENDING_ADD_KEY } from './model/pending-add';
/** The page's cart state (the local mirror, optimistic counts, the last server answer), for other islands such as checkout. */
export { $mirror as $cartMirror, $cart, $itemCount as $cartItemCount, applyServerCart, initCartState } from './browser/state';
// After an order emptied the server cart, checkout brings the badge and the mirror up to date.
export { syncCart } from './browser/sync';
