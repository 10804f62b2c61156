import { createHash } from 'node:crypto';
import { prescriptionOnlyProducts } from '../../../src/features/catalog';
import { products } from '../../../src/features/catalog/server/schema';
import { prescriptionCheckDigits } from '../../../src/features/prescriptions';
import type { Clock } from '../../../src/platform/clock';
import type { Db } from '../../../src/platform/db/client';
import { fail } from '../../../src/platform/http/result';
import { prescriptionStandIn, type PrescriptionSystem, type PrescriptionTokenRef } from '../../../src/platform/prescriptions';
import { validPzns } from '../support/fixtures';

/**
 * The catalogue's prescription-only products beyond the fixtures' RX_PZN (499 cents), priced so each
 * arm of § 61 SGB V shows: below the 5 € floor (the price), the floor, the rounded 10 %, the cap.
 */
const [FLOOR_PZN, ROUNDED_PZN, CAPPED_PZN, LENALIDOMIDE_PZN] = validPzns(4, 5_100_000) as [string, string, string, string];
export { FLOOR_PZN, ROUNDED_PZN, CAPPED_PZN, LENALIDOMIDE_PZN };

export const RX_PRICES: Record<string, number> = {
  '17377588': 499,
  [FLOOR_PZN]: 2500,
  [ROUNDED_PZN]: 6135,
  [CAPPED_PZN]: 15000,
  [LENALIDOMIDE_PZN]: 80000,
};

/** The statutory co-payment per pack, worked out by hand: min(price, max(5 €, min(10 €, 10 % rounded half up))). */
export const STATUTORY_CO_PAYMENT: Record<string, number> = {
  '17377588': 499, // 10 % is 0.50 €, the floor 5 € is more than the price: the price
  [FLOOR_PZN]: 500, // 2.50 € → the 5 € floor
  [ROUNDED_PZN]: 614, // 6.135 € → 6.14 €
  [CAPPED_PZN]: 1000, // 15 € → the 10 € cap
  [LENALIDOMIDE_PZN]: 1000, // 80 € → the cap
};

export async function seedPrescriptionProducts(db: Db): Promise<void> {
  const rx = (pzn: string, name: string, priceCents: number, activeIngredients: { name: string; strength: string }[] = []) => ({
    pzn,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${pzn}`,
    name,
    brand: 'Testbrand',
    manufacturer: 'Test GmbH',
    categorySlug: 'cold-and-flu',
    priceCents,
    vatRate: 19,
    packageAmount: 20,
    packageUnit: 'pcs' as const,
    packageLabel: { en: '20 tablets', de: '20 Tabletten' },
    kind: 'prescription' as const,
    shortDescription: { en: 'Short', de: 'Kurz' },
    description: { en: 'Long', de: 'Lang' },
    imagePath: `images/products/${pzn}.svg`,
    activeIngredients,
  });
  await db.insert(products).values([
    rx(FLOOR_PZN, 'Floor Rx Test', RX_PRICES[FLOOR_PZN]!),
    rx(ROUNDED_PZN, 'Rounded Rx Test', RX_PRICES[ROUNDED_PZN]!),
    rx(CAPPED_PZN, 'Capped Rx Test', RX_PRICES[CAPPED_PZN]!),
    rx(LENALIDOMIDE_PZN, 'Lenalidomid Test 10 mg', RX_PRICES[LENALIDOMIDE_PZN]!, [{ name: 'Lenalidomid', strength: '10 mg' }]),
  ]);
}

/** A mutable test clock. */
export function movableClock(start: string) {
  let at = new Date(start);
  const clock: Clock & { set(to: string | Date): void } = {
    now: () => new Date(at),
    set: (to) => {
      at = new Date(to);
    },
  };
  return clock;
}

export interface SeamCall {
  op: 'retrieve' | 'dispensed' | 'returned';
  prescriptionId: string;
  pharmacyId: string;
}

/** The stand-in (latency 0) with a record of its calls and a switch that makes it unreachable. */
export function recordingStandIn(db: Db, clock: Clock) {
  const standIn = prescriptionStandIn({ products: () => prescriptionOnlyProducts(db), latencyMs: 0, clock });
  const calls: SeamCall[] = [];
  const state = { down: false };
  const unavailable = fail('PRESCRIPTION_SERVICE_UNAVAILABLE' as const);
  const system: PrescriptionSystem = {
    kind: 'stand-in',
    async retrieve(token, context) {
      calls.push({ op: 'retrieve', prescriptionId: token.prescriptionId, pharmacyId: context.pharmacyId });
      return state.down ? unavailable : standIn.retrieve(token, context);
    },
    async reportDispensed(token, report, context) {
      calls.push({ op: 'dispensed', prescriptionId: token.prescriptionId, pharmacyId: context.pharmacyId });
      return state.down ? unavailable : standIn.reportDispensed(token, report, context);
    },
    async reportReturned(token, context) {
      calls.push({ op: 'returned', prescriptionId: token.prescriptionId, pharmacyId: context.pharmacyId });
      return state.down ? unavailable : standIn.reportReturned(token, context);
    },
  };
  return { system, standIn, calls, state };
}

let serial = 0;

/** A fresh valid token of flow type 160 or 200 (distinct per call and per run), as the typed form sends it. */
export function freshToken(flowType: '160' | '200' = '160'): { prescriptionId: string; accessCode: string } & PrescriptionTokenRef {
  serial += 1;
  const digits12 = String((Date.now() % 1e8) * 1e4 + serial).padStart(12, '0').slice(-12);
  const first15 = `${flowType}${digits12}`;
  const digits = `${first15}${prescriptionCheckDigits(first15)}`;
  const prescriptionId = digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3.$4.$5.$6');
  const accessCode = createHash('sha256').update(`access ${first15} ${process.pid}`).digest('hex');
  return { prescriptionId, accessCode, canonical: `Task/${prescriptionId}/$accept?ac=${accessCode}`, flowType };
}
