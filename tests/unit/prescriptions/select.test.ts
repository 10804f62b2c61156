import { describe, expect, it } from 'vitest';
import { PrescriptionConfigError, prescriptionSystemFromEnv } from '../../../src/platform/prescriptions/select';
import { testTokenLine } from '../../../src/platform/prescriptions/test-tokens';

const deps = { products: () => [{ pzn: '00000001', name: 'Ibuprofen 800 mg' }] };

describe('prescriptionSystemFromEnv', () => {
  it('is the stand-in in demo mode without PRESCRIPTION_SERVICE_URL', () => {
    expect(prescriptionSystemFromEnv(deps, { APOBOTE_MODE: 'demo' }).kind).toBe('stand-in');
  });

  it('is the HTTP adapter when PRESCRIPTION_SERVICE_URL is set, with its token and timeout', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const system = prescriptionSystemFromEnv(
      {
        ...deps,
        fetch: async (url, init) => {
          seen.push({ url, authorization: new Headers(init?.headers).get('authorization') });
          return new Response(null, { status: 404 });
        },
      },
      { APOBOTE_MODE: 'production', PRESCRIPTION_SERVICE_URL: 'https://erezept.example', PRESCRIPTION_SERVICE_TOKEN: 'secret', PRESCRIPTION_SERVICE_TIMEOUT_MS: '2000' },
    );
    expect(system.kind).toBe('http');
    const token = { canonical: testTokenLine('statutory'), prescriptionId: '160.123.456.789.123.58', flowType: '160' };
    expect(await system.retrieve(token, { pharmacyId: 'p' })).toEqual({ ok: false, code: 'PRESCRIPTION_NOT_FOUND' });
    expect(seen).toEqual([{ url: 'https://erezept.example/retrieve', authorization: 'Bearer secret' }]);
  });

  it('refuses the stand-in in production mode unless it is asked for', () => {
    expect(() => prescriptionSystemFromEnv(deps, { APOBOTE_MODE: 'production' })).toThrow(PrescriptionConfigError);
    expect(prescriptionSystemFromEnv(deps, { APOBOTE_MODE: 'production', PRESCRIPTION_SERVICE: 'stand-in' }).kind).toBe('stand-in');
  });

  it('answers the stand-in at once with PRESCRIPTION_STAND_IN_LATENCY_MS=0', async () => {
    const waits: number[] = [];
    const system = prescriptionSystemFromEnv({ ...deps, sleep: async (ms) => void waits.push(ms) }, { APOBOTE_MODE: 'demo', PRESCRIPTION_STAND_IN_LATENCY_MS: '0' });
    const token = { canonical: testTokenLine('expired'), prescriptionId: '160.000.000.000.002.51', flowType: '160' };
    expect(await system.retrieve(token, { pharmacyId: 'p' })).toEqual({ ok: false, code: 'PRESCRIPTION_EXPIRED' });
    expect(waits).toEqual([]);
  });

  it('stops the start for settings that cannot work', () => {
    for (const env of [
      { PRESCRIPTION_SERVICE: 'http' },
      { PRESCRIPTION_SERVICE: 'konnektor' },
      { PRESCRIPTION_SERVICE_URL: 'https://erezept.example', PRESCRIPTION_SERVICE_TIMEOUT_MS: '0' },
      { PRESCRIPTION_STAND_IN_LATENCY_MS: '-5' },
      { PRESCRIPTION_STAND_IN_LATENCY_MS: 'fast' },
    ]) {
      expect(() => prescriptionSystemFromEnv(deps, { APOBOTE_MODE: 'demo', ...env })).toThrow(PrescriptionConfigError);
    }
  });
});
