// Real-time events for every live feature: one publish/subscribe seam (in memory with PGlite,
// LISTEN/NOTIFY across processes with PostgreSQL), stream tickets and the SSE routes.
export { createRealtimeBus, realtimeBus, setRealtimeBus, EVENT_RETENTION_SECONDS, type RealtimeBus, type BusOptions } from './bus';
export { MAX_EVENT_DATA_BYTES, RealtimeEventTooLargeError, type EventToAppend } from './event-log';
export type { RealtimeEvent, RealtimeListener } from './hub';
export { registerRealtimeRoutes, type TopicAccess, type RealtimeRoutesOptions } from './routes';
export { realtimeSettingsFromEnv, type RealtimeSettings } from './settings';
export { TICKET_TTL_SECONDS } from './tickets';
export { topicOf, parseTopic, TOPIC_KINDS, type Topic, type TopicKind } from './topics';
export type { ReadyData } from './sse';
export { realtimeEvents, realtimeTickets } from './tables';
