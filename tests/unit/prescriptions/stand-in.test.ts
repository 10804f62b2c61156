import { describe, expect, it } from 'vitest';
import { parseTaskUrl, parseTypedPrescription, type PrescriptionToken } from '../../../src/features/prescriptions/model/token';
import { fixedClock } from '../../../src/platform/clock';
import { prescriptionStandIn, standInLatencyMs, type StandInProduct } from '../../../src/platform/prescriptions/stand-in';
import { TEST_PRESCRIPTION_TOKENS, testTokenLine, type TestPrescriptionTokenName } from '../../../src/platform/prescriptions/test-tokens';

const PRODUCTS: StandInProduct[] = [
  { pzn: '00000001', name: 'Ibuprofen 800 mg, 50 Filmtabletten' },
  { pzn: '00000002', name: 'Amoxicillin 1000 mg, 20 Tabletten' },
  { pzn: '00000003', name: 'Metformin 500 mg, 180 Tabletten' },
  { pzn: '00000004', name: 'Salbutamol Dosieraerosol' },
  { pzn: '00000005', name: 'Ramipril 5 mg, 100 Tabletten' },
];
const context = { pharmacyId: 'berlin-alexanderplatz' };
const clock = fixedClock('2026-03-10T09:00:00Z');
const standIn = (options: Partial<Parameters<typeof prescriptionStandIn>[0]> = {}) => prescriptionStandIn({ products: () => PRODUCTS, clock, latencyMs: 0, ...options });

function token(name: TestPrescriptionTokenName): PrescriptionToken {
  const parsed = parseTaskUrl(testTokenLine(name));
  if (!parsed.ok) throw new Error(`test token ${name} does not parse: ${parsed.code}`);
  return parsed.value;
}

/** A valid statutory token from a counter, for many different tokens. */
function tokenNo(n: number): PrescriptionToken {
  const parsed = parseTypedPrescription({ prescriptionId: '160.123.456.789.123.58', accessCode: n.toString(16).padStart(64, '0') });
  if (!parsed.ok) throw new Error('fixture must parse');
  return parsed.value;
}

describe('the test tokens', () => {
  it('all have valid check digits and fixed access codes; all but the direct assignment pass the shop’s own checks', () => {
    for (const name of Object.keys(TEST_PRESCRIPTION_TOKENS) as TestPrescriptionTokenName[]) {
      const parsed = parseTaskUrl(testTokenLine(name));
      expect(parsed.ok ? 'OK' : parsed.code, name).toBe(name === 'sentToPharmacy' ? 'PRESCRIPTION_SENT_TO_PHARMACY' : 'OK');
    }
  });

  it.each([
    ['alreadyRedeemed', 'PRESCRIPTION_ALREADY_REDEEMED'],
    ['expired', 'PRESCRIPTION_EXPIRED'],
    ['notFound', 'PRESCRIPTION_NOT_FOUND'],
    ['unavailable', 'PRESCRIPTION_SERVICE_UNAVAILABLE'],
  ] as const)('%s answers %s, every time', async (name, code) => {
    const system = standIn();
    expect(await system.retrieve(token(name), context)).toEqual({ ok: false, code });
    expect(await system.retrieve(token(name), context)).toEqual({ ok: false, code });
  });

  it('resolve the demo tokens to prescriptions of their insurance kind', async () => {
    const system = standIn();
    const statutory = await system.retrieve(token('statutory'), context);
    const privately = await system.retrieve(token('private'), context);
    expect(statutory.ok && statutory.value).toMatchObject({ prescriptionId: '160.123.456.789.123.58', flowType: '160', insurance: 'statutory' });
    expect(privately.ok && privately.value).toMatchObject({ prescriptionId: '200.000.000.000.100.62', flowType: '200', insurance: 'private' });
  });
});

describe('a valid token', () => {
  it('resolves to the same prescription every time and on every instance', async () => {
    const first = await standIn().retrieve(token('statutory'), context);
    const again = await standIn().retrieve(token('statutory'), context);
    expect(first).toEqual(again);
    // Whatever order the catalogue lists its products in.
    const reordered = await standIn({ products: async () => [...PRODUCTS].reverse() }).retrieve(token('statutory'), context);
    expect(reordered).toEqual(first);
  });

  it('resolves to one to three different prescription-only products of the catalogue, one or two packs each', async () => {
    const system = standIn();
    const counts = new Set<number>();
    for (let n = 1; n <= 40; n += 1) {
      const result = await system.retrieve(tokenNo(n), context);
      if (!result.ok) throw new Error(result.code);
      const pzns = result.value.medicines.map((medicine) => medicine.pzn);
      counts.add(pzns.length);
      expect(new Set(pzns).size).toBe(pzns.length);
      for (const medicine of result.value.medicines) {
        expect(PRODUCTS.find((product) => product.pzn === medicine.pzn)?.name).toBe(medicine.name);
        expect([1, 2]).toContain(medicine.quantity);
        expect(typeof medicine.autIdem).toBe('boolean');
      }
    }
    expect([...counts].sort()).toEqual([1, 2, 3]);
  });

  it('differs between tokens', async () => {
    const system = standIn();
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => system.retrieve(tokenNo(n), context)));
    expect(new Set(results.map((result) => JSON.stringify(result.ok && result.value.medicines))).size).toBeGreaterThan(1);
  });

  it('was issued in the last week and is valid 28 days (statutory) or about three months (private)', async () => {
    const system = standIn();
    const statutory = await system.retrieve(token('statutory'), context);
    const privately = await system.retrieve(token('private'), context);
    if (!statutory.ok || !privately.ok) throw new Error('demo tokens must resolve');
    for (const { value } of [statutory, privately]) {
      expect(value.issuedOn >= '2026-03-04' && value.issuedOn <= '2026-03-10').toBe(true);
      expect(value.prescriber.name).toMatch(/^Dr\. med\. /);
    }
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
    expect(days(statutory.value.issuedOn, statutory.value.expiresOn)).toBe(28);
    expect(days(privately.value.issuedOn, privately.value.expiresOn)).toBe(90);
  });

  it('is refused when the catalogue has no prescription-only products to simulate', async () => {
    expect(await standIn({ products: () => [] }).retrieve(token('statutory'), context)).toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
  });

  it('is unknown when its parts do not belong together', async () => {
    const statutory = token('statutory');
    expect((await standIn().retrieve({ ...statutory, flowType: '200' }, context)).ok).toBe(false);
    expect((await standIn().retrieve({ ...statutory, prescriptionId: '200.000.000.000.100.62' }, context)).ok).toBe(false);
  });
});

describe('dispensing and returning', () => {
  it('remembers a dispensed token: retrieving it again answers ALREADY_REDEEMED, returning it too', async () => {
    const system = standIn();
    const statutory = token('statutory');
    expect((await system.retrieve(statutory, context)).ok).toBe(true);
    expect(await system.reportDispensed(statutory, { dispensed: [{ pzn: '00000001', quantity: 1 }] }, context)).toEqual({ ok: true, value: undefined });
    expect(await system.retrieve(statutory, context)).toEqual({ ok: false, code: 'PRESCRIPTION_ALREADY_REDEEMED' });
    expect(await system.reportDispensed(statutory, { dispensed: [] }, context)).toEqual({ ok: false, code: 'PRESCRIPTION_ALREADY_REDEEMED' });
    expect(await system.reportReturned(statutory, context)).toEqual({ ok: false, code: 'PRESCRIPTION_ALREADY_REDEEMED' });
    // Another instance (another process) has its own memory.
    expect((await standIn().retrieve(statutory, context)).ok).toBe(true);
  });

  it('lets a returned token be retrieved again, and a retrieve be repeated before either', async () => {
    const system = standIn();
    const privately = token('private');
    const first = await system.retrieve(privately, context);
    expect(await system.retrieve(privately, context)).toEqual(first);
    expect(await system.reportReturned(privately, context)).toEqual({ ok: true, value: undefined });
    expect(await system.retrieve(privately, context)).toEqual(first);
  });

  it('answers the test tokens’ failures to reports too', async () => {
    const system = standIn();
    expect(await system.reportDispensed(token('unavailable'), { dispensed: [] }, context)).toEqual({ ok: false, code: 'PRESCRIPTION_SERVICE_UNAVAILABLE' });
    expect(await system.reportReturned(token('notFound'), context)).toEqual({ ok: false, code: 'PRESCRIPTION_NOT_FOUND' });
  });
});

describe('latency', () => {
  it('takes 300–900 ms by default, the same for one token, through the injected sleep', async () => {
    const waits: number[] = [];
    const system = prescriptionStandIn({ products: () => PRODUCTS, clock, sleep: async (ms) => void waits.push(ms) });
    await system.retrieve(token('statutory'), context);
    await system.retrieve(token('statutory'), context);
    await system.reportReturned(token('statutory'), context);
    expect(new Set(waits).size).toBe(1);
    expect(waits[0]).toBe(standInLatencyMs(token('statutory')));
    const spread = Array.from({ length: 50 }, (_, n) => standInLatencyMs(tokenNo(n)));
    expect(Math.min(...spread)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...spread)).toBeLessThanOrEqual(900);
    expect(new Set(spread).size).toBeGreaterThan(10);
  });

  it('waits a configured time, and not at all with 0', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    await prescriptionStandIn({ products: () => PRODUCTS, clock, sleep, latencyMs: 120 }).retrieve(token('expired'), context);
    await prescriptionStandIn({ products: () => PRODUCTS, clock, sleep, latencyMs: 0 }).retrieve(token('expired'), context);
    expect(waits).toEqual([120]);
  });
});
