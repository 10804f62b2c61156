// Browser-safe surface of the cart feature for islands: pure models and client state, no server code.
export * from './model/pricing';
export { MAX_QUANTITY_PER_LINE } from './model/limits';
export { duplicateIngredients, type DuplicateIngredient, type IngredientLine } from './model/duplicate-ingredients';
