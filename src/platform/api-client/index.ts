export { createApiClient, type ApiClient, type ApiClientOptions, type ApiPaths } from './client';
