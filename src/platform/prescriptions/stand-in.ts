import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import { fail, ok, type Result } from '../http/result';
import { addDays, localDate } from '../time/wall-clock';
import { testTokenLine } from './test-tokens';
import type { PrescribedMedicine, PrescriptionInsurance, PrescriptionSystem, PrescriptionTokenRef, RetrieveFailureCode, RetrievedPrescription } from './types';

/** A prescription-only product of the catalogue, as the caller hands it in (the platform does not know the catalogue). */
export interface StandInProduct {
  pzn: string;
  name: string;
}

export interface PrescriptionStandInOptions {
  /** The prescription-only products a token may resolve to; asked on every retrieve, so a new catalogue counts at once. */
  products: () => readonly StandInProduct[] | Promise<readonly StandInProduct[]>;
  clock?: Clock;
  /**
   * How long each answer takes, in ms: a number, or by token. Default 300–900 ms, fixed per token,
   * so the demo feels like the TI and a screen's waiting state is seen; tests pass 0.
   */
  latencyMs?: number | ((token: PrescriptionTokenRef) => number);
  /** Waits the latency; injected so a test can see the wait without taking it. */
  sleep?: (ms: number) => Promise<void>;
}


const TEST_OUTCOMES: ReadonlyMap<string, RetrieveFailureCode> = new Map([
  [testTokenLine('alreadyRedeemed'), 'PRESCRIPTION_ALREADY_REDEEMED'],
  [testTokenLine('expired'), 'PRESCRIPTION_EXPIRED'],
  [testTokenLine('notFound'), 'PRESCRIPTION_NOT_FOUND'],
  [testTokenLine('unavailable'), 'PRESCRIPTION_SERVICE_UNAVAILABLE'],
]);

const INSURANCE_OF_FLOW: Readonly<Record<string, PrescriptionInsurance>> = { '160': 'statutory', '200': 'private' };
const CANONICAL = /^Task\/(\d{3}(?:\.\d{3}){4}\.\d{2})\/\$accept\?ac=[0-9a-f]{64}$/;

// Fictional prescribers: the demo shows a plausible name and practice without naming anyone real.
const PRESCRIBERS = [
  { name: 'Dr. med. Anna Berger', practice: 'Hausarztpraxis am Stadtpark' },
  { name: 'Dr. med. Jonas Hoffmann', practice: 'Praxis für Innere Medizin Hoffmann' },
  { name: 'Dr. med. Leyla Demir', practice: 'Kinder- und Jugendarztpraxis Demir' },
  { name: 'Dr. med. Paul Schreiber' },
] as const;

// Statutory prescriptions are dispensed at the insurer's cost within 28 days; private ones are valid three months.
const VALID_DAYS: Readonly<Record<PrescriptionInsurance, number>> = { statutory: 28, private: 90 };

const MIN_LATENCY_MS = 300;
const LATENCY_SPREAD_MS = 600;

const digestOf = (token: PrescriptionTokenRef): Buffer => createHash('sha256').update(token.canonical).digest();

/** The default wait: 300–900 ms, always the same for one token. */
export function standInLatencyMs(token: PrescriptionTokenRef): number {
  return MIN_LATENCY_MS + (digestOf(token).readUInt16BE(30) % (LATENCY_SPREAD_MS + 1));
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The built-in stand-in for the TI. A valid token resolves deterministically (from the SHA-256 of
 * its canonical form) to one to three of the given products, with its insurance from the flow type;
 * the test tokens (test-tokens.ts) answer their failure. It remembers in memory, per instance,
 * which tokens were dispensed: retrieving one again answers ALREADY_REDEEMED, as the TI would. A
 * restart forgets that, and several processes each remember their own; it is a demo, not a ledger.
 */
export function prescriptionStandIn(options: PrescriptionStandInOptions): PrescriptionSystem {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? realSleep;
  const latency = options.latencyMs ?? standInLatencyMs;
  // Keyed by the token's digest, so the memory of the process holds no token longer than a request.
  const dispensed = new Set<string>();

  async function answer(token: PrescriptionTokenRef): Promise<{ digest: Buffer; refusal: RetrieveFailureCode | null }> {
    const ms = typeof latency === 'number' ? latency : latency(token);
    if (ms > 0) await sleep(ms);
    const digest = digestOf(token);
    const testOutcome = TEST_OUTCOMES.get(token.canonical);
    if (testOutcome) return { digest, refusal: testOutcome };
    const match = CANONICAL.exec(token.canonical);
    if (!match || match[1] !== token.prescriptionId || !INSURANCE_OF_FLOW[token.flowType] || !token.prescriptionId.startsWith(token.flowType)) {
      return { digest, refusal: 'PRESCRIPTION_NOT_FOUND' };
    }
    return { digest, refusal: dispensed.has(digest.toString('hex')) ? 'PRESCRIPTION_ALREADY_REDEEMED' : null };
  }

  return {
    kind: 'stand-in',

    async retrieve(token): Promise<Result<RetrievedPrescription, RetrieveFailureCode>> {
      const { digest, refusal } = await answer(token);
      if (refusal) return fail(refusal);
      const products = [...(await options.products())].sort((a, b) => a.pzn.localeCompare(b.pzn));
      // Without prescription-only products in the catalogue there is nothing to simulate.
      if (products.length === 0) return fail('PRESCRIPTION_SERVICE_UNAVAILABLE');
      const insurance = INSURANCE_OF_FLOW[token.flowType]!;
      const issuedOn = addDays(localDate(clock.now()), -(digest[1]! % 7));
      return ok({
        prescriptionId: token.prescriptionId,
        flowType: token.flowType,
        insurance,
        prescriber: { ...PRESCRIBERS[digest[2]! % PRESCRIBERS.length]! },
        issuedOn,
        expiresOn: addDays(issuedOn, VALID_DAYS[insurance]),
        medicines: medicinesOf(digest, products),
      });
    },

    async reportDispensed(token) {
      const { digest, refusal } = await answer(token);
      if (refusal) return fail(refusal);
      dispensed.add(digest.toString('hex'));
      return ok(undefined);
    },

    async reportReturned(token) {
      const { refusal } = await answer(token);
      if (refusal) return fail(refusal);
      return ok(undefined);
    },
  };
}

/** One to three distinct products, one or two packs each, picked by the digest's bytes. */
function medicinesOf(digest: Buffer, products: readonly StandInProduct[]): PrescribedMedicine[] {
  const count = Math.min(products.length, 1 + (digest[0]! % 3));
  const picked = new Set<number>();
  for (let pick = 0; pick < count; pick += 1) {
    let index = digest[3 + pick]! % products.length;
    while (picked.has(index)) index = (index + 1) % products.length;
    picked.add(index);
  }
  return [...picked].map((index, position) => {
    const product = products[index]!;
    const flags = digest[20 + position]!;
    return { pzn: product.pzn, name: product.name, quantity: 1 + (flags % 2), autIdem: flags % 4 !== 0 };
  });
}
