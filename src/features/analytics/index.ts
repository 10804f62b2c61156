// Public surface of the analytics feature on the server: the events endpoint (built-in collector
// and the forwarding adapter for a hosted tool).
export { registerAnalyticsRoutes } from './server/routes';
export type { AnalyticsForwarder } from './server/collector';
// For the operator's analytics report in the back office: the stored events counted per day.
export { analyticsFacts, type AnalyticsFacts } from './server/report';
