import type { Clock } from '../clock';
import { serverConfig } from '../config/env';
import { httpPrescriptionSystem, type FetchLike } from './http-adapter';
import { prescriptionStandIn, type PrescriptionStandInOptions } from './stand-in';
import type { PrescriptionSystem } from './types';

export class PrescriptionConfigError extends Error {
  override name = 'PrescriptionConfigError';
}

export interface PrescriptionSystemDeps {
  /** The catalogue's prescription-only products, for the stand-in (the platform does not know the catalogue). */
  products: PrescriptionStandInOptions['products'];
  clock?: Clock;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * PRESCRIPTION_SERVICE_URL set: the pharmacy's prescription system over HTTP
 * (PRESCRIPTION_SERVICE_TOKEN, PRESCRIPTION_SERVICE_TIMEOUT_MS). Unset: the built-in stand-in. In
 * production mode the stand-in must be asked for by PRESCRIPTION_SERVICE=stand-in, so a live shop
 * cannot take prescriptions that no pharmacy system ever retrieved.
 */
export function prescriptionSystemFromEnv(deps: PrescriptionSystemDeps, env: NodeJS.ProcessEnv = process.env): PrescriptionSystem {
  const url = env.PRESCRIPTION_SERVICE_URL?.trim();
  const chosen = env.PRESCRIPTION_SERVICE?.trim() || (url ? 'http' : 'stand-in');
  if (chosen === 'http') {
    if (!url) throw new PrescriptionConfigError('PRESCRIPTION_SERVICE=http needs PRESCRIPTION_SERVICE_URL');
    return httpPrescriptionSystem({
      baseUrl: url,
      apiToken: env.PRESCRIPTION_SERVICE_TOKEN?.trim() || undefined,
      timeoutMs: wholeMs(env, 'PRESCRIPTION_SERVICE_TIMEOUT_MS', 1),
      fetch: deps.fetch,
      sleep: deps.sleep,
    });
  }
  if (chosen !== 'stand-in') throw new PrescriptionConfigError(`PRESCRIPTION_SERVICE must be "http" or "stand-in", not "${chosen}"`);
  if (!serverConfig(env).demoMode && env.PRESCRIPTION_SERVICE?.trim() !== 'stand-in') {
    throw new PrescriptionConfigError('production mode needs the pharmacy\'s prescription system: set PRESCRIPTION_SERVICE_URL (or PRESCRIPTION_SERVICE=stand-in to simulate it)');
  }
  return prescriptionStandIn({ products: deps.products, clock: deps.clock, sleep: deps.sleep, latencyMs: wholeMs(env, 'PRESCRIPTION_STAND_IN_LATENCY_MS', 0) });
}

function wholeMs(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!(Number.isInteger(value) && value >= min)) throw new PrescriptionConfigError(`${name} must be a whole number of milliseconds (${min} or more)`);
  return value;
}
