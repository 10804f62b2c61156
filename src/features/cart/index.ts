// Public surface of the cart feature: the API registration and the pure models the islands share.
export { registerCartRoutes } from './server/routes';
export * from './model/pricing';
export { MAX_QUANTITY_PER_LINE } from './model/limits';
export { duplicateIngredients, type DuplicateIngredient, type IngredientLine } from './model/duplicate-ingredients';
export type { CartDto, CartWarning } from './server/dto';
