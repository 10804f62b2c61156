/** The real-time settings (docs/architecture.md "Real time"). Read lazily so tests can set variables first. */
export interface RealtimeSettings {
  /** Open streams one user may hold on one server process (REALTIME_MAX_STREAMS_PER_USER). */
  maxStreamsPerUser: number;
  /** A comment line this often keeps proxies from closing an idle stream (REALTIME_HEARTBEAT_SECONDS). */
  heartbeatMs: number;
  /**
   * A stream ends after this long and the browser asks for a new ticket, so a logout or a lost right
   * to the topic takes effect without a server-side session check on every event.
   */
  maxStreamMs: number;
}

export const DEFAULT_MAX_STREAMS_PER_USER = 5;
export const DEFAULT_HEARTBEAT_SECONDS = 20;
export const MAX_STREAM_MINUTES = 30;

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

export function realtimeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): RealtimeSettings {
  return {
    maxStreamsPerUser: positive(env.REALTIME_MAX_STREAMS_PER_USER, DEFAULT_MAX_STREAMS_PER_USER),
    heartbeatMs: positive(env.REALTIME_HEARTBEAT_SECONDS, DEFAULT_HEARTBEAT_SECONDS) * 1000,
    maxStreamMs: MAX_STREAM_MINUTES * 60_000,
  };
}
