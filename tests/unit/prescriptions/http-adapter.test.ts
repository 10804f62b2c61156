import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpPrescriptionSystem, type FetchLike } from '../../../src/platform/prescriptions/http-adapter';
import type { PrescriptionTokenRef } from '../../../src/platform/prescriptions/types';

const ACCESS_CODE = '0123456789abcdef'.repeat(4);
const token: PrescriptionTokenRef = { canonical: `Task/160.123.456.789.123.58/$accept?ac=${ACCESS_CODE}`, prescriptionId: '160.123.456.789.123.58', flowType: '160' };
const context = { pharmacyId: 'berlin-alexanderplatz' };

const ANSWER = {
  prescription_id: '160.123.456.789.123.58',
  flow_type: '160',
  insurance: 'statutory',
  prescriber: { name: 'Dr. med. Anna Berger', practice: 'Hausarztpraxis am Stadtpark' },
  issued_on: '2026-03-09',
  expires_on: '2026-04-06',
  medicines: [
    { pzn: '04877800', quantity: 1, name: 'Ibuprofen 800 mg', aut_idem: true },
    { pzn: '10019621', quantity: 2, name: 'Ramipril 5 mg' },
  ],
};

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that answers from a list, one answer per call, and records what it was asked. */
function scriptedFetch(...answers: (Response | Error | ((init: RequestInit) => Promise<Response>))[]) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('no more answers scripted');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(init) : next;
  };
  return { fetch, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const timeout = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

let logged: string[];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterEach(() => vi.restoreAllMocks());

function system(fetch: FetchLike, waits: number[] = []) {
  return httpPrescriptionSystem({ baseUrl: 'https://erezept.example/v1/', apiToken: 'service-secret', fetch, sleep: async (ms) => void waits.push(ms) });
}

describe('httpPrescriptionSystem: retrieve', () => {
  it('POSTs the token in the JSON body with the service credential, and maps the answer', async () => {
    const { fetch, calls } = scriptedFetch(json(ANSWER));
    const result = await system(fetch).retrieve(token, context);
    expect(result).toEqual({
      ok: true,
      value: {
        prescriptionId: '160.123.456.789.123.58',
        flowType: '160',
        insurance: 'statutory',
        prescriber: { name: 'Dr. med. Anna Berger', practice: 'Hausarztpraxis am Stadtpark' },
        issuedOn: '2026-03-09',
        expiresOn: '2026-04-06',
        medicines: [
          { pzn: '04877800', quantity: 1, name: 'Ibuprofen 800 mg', autIdem: true },
          { pzn: '10019621', quantity: 2, name: 'Ramipril 5 mg' },
        ],
      },
    });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe('https://erezept.example/v1/retrieve');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer service-secret');
    expect(JSON.parse(String(init.body))).toEqual({ token: token.canonical, pharmacy_id: 'berlin-alexanderplatz' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.redirect).toBe('manual');
  });

  it.each([
    [404, 'PRESCRIPTION_NOT_FOUND'],
    [409, 'PRESCRIPTION_ALREADY_REDEEMED'],
    [410, 'PRESCRIPTION_EXPIRED'],
    [400, 'PRESCRIPTION_SERVICE_UNAVAILABLE'],
    [401, 'PRESCRIPTION_SERVICE_UNAVAILABLE'],
    [429, 'PRESCRIPTION_SERVICE_UNAVAILABLE'],
    [307, 'PRESCRIPTION_SERVICE_UNAVAILABLE'],
  ] as const)('maps %i to %s without trying again', async (status, code) => {
    const { fetch, calls } = scriptedFetch(new Response(status === 307 ? null : '{"code":"x"}', { status, headers: status === 307 ? { location: 'https://elsewhere.example/' } : {} }));
    expect(await system(fetch).retrieve(token, context)).toEqual({ ok: false, code });
    expect(calls).toHaveLength(1);
  });

  it('tries again after a 5xx and a network error, waiting longer each time, and takes the answer', async () => {
    const waits: number[] = [];
    const { fetch, calls } = scriptedFetch(new Response('busy', { status: 503 }), new TypeError('fetch failed'), json(ANSWER));
    const result = await system(fetch, waits).retrieve(token, context);
    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it('is UNAVAILABLE after a timeout on every try, and stops after three', async () => {
    const waits: number[] = [];
    const { fetch, calls } = scriptedFetch(timeout(), timeout(), timeout(), json(ANSWER));
    expect(await system(fetch, waits).retrieve(token, context)).toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it('gives up on a remote that does not answer within the timeout', async () => {
    // A fetch that answers only when its signal aborts, as a hanging server does.
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }));
    const adapter = httpPrescriptionSystem({ baseUrl: 'https://erezept.example', fetch: hanging, timeoutMs: 5, attempts: 1 });
    expect(await adapter.retrieve(token, context)).toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
  });

  it('is UNAVAILABLE for an answer that does not fit the contract', async () => {
    for (const body of [{}, { ...ANSWER, medicines: [] }, { ...ANSWER, insurance: 'other' }, { ...ANSWER, medicines: [{ pzn: '123', quantity: 1, name: 'x' }] }, { ...ANSWER, prescription_id: '200.000.000.000.100.62' }]) {
      const { fetch } = scriptedFetch(json(body));
      expect(await system(fetch).retrieve(token, context)).toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
    }
    const { fetch } = scriptedFetch(new Response('<html>gateway</html>', { status: 200 }));
    expect(await system(fetch).retrieve(token, context)).toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
  });
});

describe('httpPrescriptionSystem: reports', () => {
  it('reports what was dispensed once, with its idempotency key', async () => {
    const { fetch, calls } = scriptedFetch(new Response(null, { status: 204 }));
    const result = await system(fetch).reportDispensed(token, { dispensed: [{ pzn: '04877800', quantity: 1 }], idempotencyKey: 'order-1:dispensed' }, context);
    expect(result).toEqual({ ok: true, value: undefined });
    const [{ url, init }] = calls as [Call];
    expect(url).toBe('https://erezept.example/v1/dispensed');
    expect(new Headers(init.headers).get('idempotency-key')).toBe('order-1:dispensed');
    expect(JSON.parse(String(init.body))).toEqual({ token: token.canonical, pharmacy_id: 'berlin-alexanderplatz', dispensed: [{ pzn: '04877800', quantity: 1 }] });
  });

  it('does not try a report again: a 5xx is UNAVAILABLE for the caller to retry', async () => {
    const { fetch, calls } = scriptedFetch(new Response('', { status: 502 }), new Response(null, { status: 204 }));
    expect(await system(fetch).reportDispensed(token, { dispensed: [] }, context)).toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
    expect(calls).toHaveLength(1);
  });

  it('returns a prescription, and passes on that it was dispensed already', async () => {
    const { fetch, calls } = scriptedFetch(new Response(null, { status: 204 }), new Response('', { status: 409 }));
    expect(await system(fetch).reportReturned(token, context)).toEqual({ ok: true, value: undefined });
    expect(await system(fetch).reportReturned(token, context)).toEqual({ ok: false, code: 'PRESCRIPTION_ALREADY_REDEEMED' });
    expect(calls.map((call) => call.url)).toEqual(['https://erezept.example/v1/returned', 'https://erezept.example/v1/returned']);
  });
});

describe('the token stays secret', () => {
  it('is never in a URL, a log line or a thrown message, whatever the remote does', async () => {
    const echo = () => json({ error: `bad token ${token.canonical}` }, 500);
    const scripts = [
      scriptedFetch(echo(), new TypeError(`connect failed for ${token.canonical}`), timeout()),
      scriptedFetch(json({ ...ANSWER, prescriber: { name: token.canonical }, medicines: 'x' })),
      scriptedFetch(json({ token: token.canonical }, 418)),
      scriptedFetch(new Response(`not json ${token.canonical}`, { status: 200 })),
    ];
    for (const { fetch, calls } of scripts) {
      const adapter = system(fetch);
      const results = await Promise.allSettled([adapter.retrieve(token, context)]);
      for (const settled of results) expect(settled.status).toBe('fulfilled');
      for (const call of calls) {
        expect(call.url).not.toContain(ACCESS_CODE);
        expect(call.url).not.toContain('160.123.456.789.123.58');
      }
    }
    const throwing = system(async () => {
      throw new Error(`socket hang up ${token.canonical}`);
    });
    await expect(throwing.reportDispensed(token, { dispensed: [] }, context)).resolves.toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
    await expect(throwing.reportReturned(token, context)).resolves.toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain(ACCESS_CODE);
      expect(line).not.toContain('160.123.456.789.123.58');
    }
  });
});
