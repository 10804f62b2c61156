import { describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_OPTIONS, locateDevice } from '../../../src/features/pharmacies/browser/geolocation';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

function fakeGeolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn((success: Success, failure?: Failure | null, _options?: PositionOptions) => answer(success, failure ?? (() => undefined)));
  return { geolocation: { getCurrentPosition } as unknown as Geolocation, getCurrentPosition };
}

const error = (code: number) => ({ code, message: 'x', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;

describe('locateDevice', () => {
  it('asks with the spec’s settings: high accuracy, 20 s timeout, at most 1 s old', async () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 20_000, maximumAge: 1_000 });
    const { geolocation, getCurrentPosition } = fakeGeolocation((success) => success({ coords: { latitude: 52.52, longitude: 13.41 } } as GeolocationPosition));
    expect(await locateDevice(geolocation)).toEqual({ ok: true, lat: 52.52, lng: 13.41 });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual(GEOLOCATION_OPTIONS);
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ] as const)('maps error code %i to %s', async (code, reason) => {
    const { geolocation } = fakeGeolocation((_success, failure) => failure(error(code)));
    expect(await locateDevice(geolocation)).toEqual({ ok: false, reason });
  });

  it('reports a browser without geolocation, or one that throws, as a failure rather than hanging', async () => {
    expect(await locateDevice(undefined)).toEqual({ ok: false, reason: 'unsupported' });
    const { geolocation } = fakeGeolocation(() => {
      throw new Error('insecure context');
    });
    expect(await locateDevice(geolocation)).toEqual({ ok: false, reason: 'unavailable' });
  });
});
