// Database-backed rate limits shared by all server processes.
export { hit, hitAll, pruneRateLimits, type RateRule, type RateDecision } from './limiter';
export { rateLimitedResponse, clientIp } from './http';
export { rateLimits } from './table';
