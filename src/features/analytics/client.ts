// Browser door of the analytics feature: one client module for every page script.
export { track, flush, enableAnalytics, disableAnalytics, ANALYTICS_SESSION_KEY } from './browser/analytics';
export { watchInlineErrors } from './browser/inline-errors';
export type { EventType } from './model/events';
