// Browser-safe session actions for islands of other features. Apart from index.ts, which the small
// scripts of catalogue pages import for the token alone: these pull in the profile store.
export { handleUnauthorized } from './model/unauthorized';
