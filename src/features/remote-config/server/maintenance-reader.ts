import { systemClock, type Clock } from '../../../platform/clock';
import { serverConfig } from '../../../platform/config/env';
import type { Db } from '../../../platform/db/client';
import { maintenanceState, REMOTE_CONFIG_DEFAULTS, type MaintenanceState } from '../model/remote-config';
import { getRemoteConfig } from './store';

export interface MaintenanceReaderOptions {
  getDb: () => Promise<Db>;
  /** Cache lifetime; defaults to REMOTE_CONFIG_TTL_MS (30 min, spec §9). 0 reads the database every time. */
  ttlMs?: number;
  clock?: Clock;
  log?: (fields: Record<string, unknown>) => void;
}

export interface MaintenanceReader {
  /** Never rejects: a database failure keeps the last known state (off when none was ever read). */
  current(): Promise<MaintenanceState>;
  /** Forget the cached state so the next current() reads the database. */
  invalidate(): void;
}

const THIRTY_MINUTES = 30 * 60 * 1000;
/** After a failure, retry soon rather than after a whole TTL, but not on every page request. */
export const FAILURE_RETRY_MS = 10_000;

const OFF = maintenanceState(REMOTE_CONFIG_DEFAULTS.maintenance_mode_web);
const logToStderr = (fields: Record<string, unknown>) => console.error(JSON.stringify({ level: 'error', ...fields }));

/**
 * The maintenance flag as the page server sees it: every shop page request asks, so the answer is
 * cached for the TTL and concurrent requests share one database read.
 */
export function createMaintenanceReader(options: MaintenanceReaderOptions): MaintenanceReader {
  const configured = options.ttlMs ?? serverConfig().remoteConfigTtlMs;
  // A malformed REMOTE_CONFIG_TTL_MS (NaN, negative) falls back to the spec's interval.
  const ttlMs = Number.isFinite(configured) && configured >= 0 ? configured : THIRTY_MINUTES;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? logToStderr;

  let known: MaintenanceState | undefined;
  let expiresAt = 0;
  let inflight: Promise<MaintenanceState> | undefined;
  // Bumped by invalidate() so a read started before it cannot refill the cache with an old value.
  let generation = 0;

  async function read(started: number): Promise<MaintenanceState> {
    try {
      const config = await getRemoteConfig(await options.getDb(), log);
      const state = maintenanceState(config.maintenance_mode_web);
      if (started === generation) {
        known = state;
        expiresAt = clock.now().getTime() + ttlMs;
      }
      return state;
    } catch (error) {
      log({ msg: 'remote config unavailable, keeping last known maintenance state', error: String(error), fallback: known ?? OFF });
      if (started === generation) expiresAt = clock.now().getTime() + Math.min(ttlMs, FAILURE_RETRY_MS);
      return known ?? OFF;
    } finally {
      if (started === generation) inflight = undefined;
    }
  }

  return {
    current() {
      if (known && clock.now().getTime() < expiresAt) return Promise.resolve(known);
      // A failure before anything was known still waits FAILURE_RETRY_MS before the next attempt.
      if (!known && expiresAt > clock.now().getTime()) return Promise.resolve(OFF);
      inflight ??= read(generation);
      return inflight;
    },
    invalidate() {
      generation += 1;
      known = undefined;
      expiresAt = 0;
      inflight = undefined;
    },
  };
}
