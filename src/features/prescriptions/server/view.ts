import { productsByPzn, type ProductRow } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import { coPaymentForLineCents, coPaymentPerPackCents } from '../model/co-payment';
import { isExemptOn } from '../model/exemption';
import { parcelAllowed } from '../model/parcel';
import type { InsuranceKind } from '../model/prescription-id';
import { exemptionOf, type StoredPrescription } from './repo';
import type { PrescriptionStatus } from './schema';

/**
 * A prescription as the customer (and later the order) sees it: the prescribed medicines at the
 * catalogue's fixed price (AMPreisV) with the co-payment per pack (§ 61 SGB V). Never the token.
 */
export interface PrescriptionItemView {
  pzn: string;
  name: string;
  packs: number;
  unitPriceCents: number;
  coPaymentPerPackCents: number;
  coPaymentCents: number;
  substitutionAllowed: boolean;
  parcelAllowed: boolean;
  /** The product's page, unlocalised (`/shop/product/<slug>/`); absent for a product not listed. */
  productPath?: string;
}

export interface PrescriptionView {
  id: string;
  prescriptionId: string;
  insurance: InsuranceKind;
  flowType: string;
  prescriber: { name: string; practice?: string };
  issuedOn: string;
  expiresOn: string;
  status: PrescriptionStatus;
  pharmacyId: string;
  items: PrescriptionItemView[];
  coPaymentTotalCents: number;
  /** The customer's exemption took the co-payment away (statutory prescriptions only). */
  exemptApplied: boolean;
}

export interface ExemptionView {
  exempt: boolean;
  validUntil: string | null;
}

/** The exemption as it stands on `today` (Berlin). */
export async function exemptionView(db: Db, userId: string, today: string): Promise<ExemptionView> {
  const validUntil = await exemptionOf(db, userId);
  return { exempt: isExemptOn({ validUntil }, today), validUntil };
}

export function toView(stored: StoredPrescription, catalogue: ReadonlyMap<string, ProductRow>, exempt: boolean): PrescriptionView {
  const { row } = stored;
  const basis = { insurance: row.insurance, exempt };
  const items = stored.items.map((item): PrescriptionItemView => {
    const product = catalogue.get(item.pzn);
    // Only prescriptions whose every medicine is in the catalogue are taken (redeem.ts); a product
    // withdrawn since keeps its row, and so its price.
    const unitPriceCents = product?.priceCents ?? 0;
    return {
      pzn: item.pzn,
      name: item.name,
      packs: item.packs,
      unitPriceCents,
      coPaymentPerPackCents: coPaymentPerPackCents(unitPriceCents, basis),
      coPaymentCents: coPaymentForLineCents(unitPriceCents, item.packs, basis),
      substitutionAllowed: item.substitutionAllowed,
      parcelAllowed: product ? parcelAllowed(product) : false,
      ...(product?.active ? { productPath: `/shop/product/${product.slug}/` } : {}),
    };
  });
  return {
    id: row.id,
    prescriptionId: row.prescriptionId,
    insurance: row.insurance,
    flowType: row.flowType,
    prescriber: { name: row.prescriberName, ...(row.prescriberPractice ? { practice: row.prescriberPractice } : {}) },
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    status: row.status,
    pharmacyId: row.pharmacyId,
    items,
    coPaymentTotalCents: items.reduce((sum, item) => sum + item.coPaymentCents, 0),
    exemptApplied: exempt && row.insurance === 'statutory',
  };
}

/** Views of stored prescriptions for one customer, with the catalogue's prices and their exemption on `today`. */
export async function viewsOf(db: Db, userId: string, stored: readonly StoredPrescription[], today: string): Promise<PrescriptionView[]> {
  if (stored.length === 0) return [];
  const [catalogue, exemption] = await Promise.all([productsByPzn(db, stored.flatMap((entry) => entry.items.map((item) => item.pzn))), exemptionView(db, userId, today)]);
  return stored.map((entry) => toView(entry, catalogue, exemption.exempt));
}
