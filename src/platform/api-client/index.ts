export { apiClient, createApiClient, type ApiClient, type ApiClientOptions, type ApiPaths } from './client';
export type { ClientAnswer, Issue, Outcome, Problem } from './outcome';
export { attempt, mapOutcome } from './outcome';
export { fetchCart } from './cart';
