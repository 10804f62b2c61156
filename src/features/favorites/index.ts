// Public surface of the favorites feature: the API registration.
export { registerFavoriteRoutes } from './server/routes';
