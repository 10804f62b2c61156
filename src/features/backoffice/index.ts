// Server surface of the back-office feature: its figures (today at a glance, the analytics report)
// and the operator's tools (maintenance flag, catalogue upload). Pages use ui.ts.
export { registerBackOfficeRoutes, operatorTopicAccess, type BackOfficeDeps } from './server/routes';
export { createSiteRebuilder, SITE_BUILD_TOPIC_ID, type SiteRebuilder, type SiteBuildEvent, type SiteBuildStatus } from './server/site-rebuild';
export { databaseBuildGuard, LEASE_MS, SITE_BUILD_LEASE_ID, type BuildGuard } from './server/build-lease';
export { siteBuildLeases } from './server/schema';
export { summarizeDay, funnelByDay, funnelTotals, median, dayBounds, type DaySummary, type FunnelDay } from './model/figures';
