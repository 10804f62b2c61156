/**
 * Device geolocation with the spec's settings (§9: high accuracy, 20 s timeout, positions at most
 * one second old), reduced to the outcomes the screen distinguishes.
 */
export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 1_000 } as const satisfies PositionOptions;

export type LocateFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';
export type LocateResult = { ok: true; lat: number; lng: number } | { ok: false; reason: LocateFailure };

// GeolocationPositionError's codes; the constants are not on every engine's error object.
const PERMISSION_DENIED = 1;
const TIMEOUT = 3;

export function locateDevice(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<LocateResult> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        (position) => resolve({ ok: true, lat: position.coords.latitude, lng: position.coords.longitude }),
        (error) =>
          resolve({ ok: false, reason: error.code === PERMISSION_DENIED ? 'denied' : error.code === TIMEOUT ? 'timeout' : 'unavailable' }),
        GEOLOCATION_OPTIONS,
      );
    } catch {
      // Some embedded browsers throw instead of calling the error callback (insecure context).
      resolve({ ok: false, reason: 'unavailable' });
    }
  });
}
