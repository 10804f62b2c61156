// Database-backed rate limits shared by all server processes.
export { hit, hitAll, refund, refundAll, pruneRateLimits, type RateRule, type RateDecision } from './limiter';
export { clientKey } from './client-key';
export { rateLimitedResponse, clientIp } from './http';
export { rateLimits } from './table';
