import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Pharmacy, StockRow } from '../../catalog';
import type { Db } from '../../../platform/db';
import { pharmacies, stock } from './schema';

export interface PharmaciesImportReport {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Pharmacies no longer in the catalogue: kept for order history, no longer offered. */
  deactivated: number;
  stockRows: number;
}

type PharmacyRow = typeof pharmacies.$inferInsert;
type PharmacyKey = Exclude<keyof typeof pharmacies.$inferSelect, 'id' | 'updatedAt'>;

const UPDATED_KEYS = Object.keys(getTableColumns(pharmacies)).filter((key) => key !== 'id' && key !== 'updatedAt') as PharmacyKey[];
/** Stock rows per statement; each batch travels as one JSON parameter. */
const STOCK_CHUNK = 20_000;

function toRow(pharmacy: Pharmacy): PharmacyRow {
  return {
    id: pharmacy.id,
    name: pharmacy.name,
    street: pharmacy.address.street,
    houseNumber: pharmacy.address.houseNumber,
    postalCode: pharmacy.address.postalCode,
    city: pharmacy.address.city,
    state: pharmacy.address.state,
    lat: pharmacy.location.lat,
    lng: pharmacy.location.lng,
    phone: pharmacy.phone,
    email: pharmacy.email,
    termsUrl: pharmacy.termsUrl,
    openingHours: pharmacy.openingHours,
    deliveryOptions: pharmacy.deliveryOptions,
    selfPickupOnly: pharmacy.selfPickupOnly,
    hasPdfPriceList: pharmacy.hasPdfPriceList,
    deliveryPostalCodes: pharmacy.deliveryZone.postalCodes,
    active: true,
  };
}

/**
 * Upserts the partner pharmacies and replaces the stock of every imported pharmacy. Called by the
 * catalogue importer inside its transaction (pass the transaction as `db`), so it never opens one itself.
 */
export async function importPharmacies(db: Db, list: readonly Pharmacy[], stockRows: readonly StockRow[]): Promise<PharmaciesImportReport> {
  const report: PharmaciesImportReport = { inserted: 0, updated: 0, unchanged: 0, deactivated: 0, stockRows: 0 };
  const ids = list.map((pharmacy) => pharmacy.id);

  if (list.length > 0) {
    const set: Record<string, SQL> = Object.fromEntries(UPDATED_KEYS.map((key) => [key, sql`excluded.${sql.identifier(pharmacies[key].name)}`]));
    set.updatedAt = sql`now()`;
    const changed = sql.join(
      UPDATED_KEYS.map((key) => sql`${sql.identifier('pharmacies')}.${sql.identifier(pharmacies[key].name)} is distinct from excluded.${sql.identifier(pharmacies[key].name)}`),
      sql` or `,
    );
    const returned = await db
      .insert(pharmacies)
      .values(list.map(toRow))
      .onConflictDoUpdate({ target: pharmacies.id, set, setWhere: changed })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    report.inserted = returned.filter((row) => row.inserted).length;
    report.updated = returned.length - report.inserted;
    report.unchanged = list.length - returned.length;
  }

  const gone = await db
    .update(pharmacies)
    .set({ active: false, updatedAt: sql`now()` })
    .where(ids.length > 0 ? and(eq(pharmacies.active, true), notInArray(pharmacies.id, ids)) : eq(pharmacies.active, true))
    .returning({ id: pharmacies.id });
  report.deactivated = gone.length;

  if (ids.length > 0) await db.delete(stock).where(inArray(stock.pharmacyId, ids));
  const imported = new Set(ids);
  const rows = stockRows.filter((row) => imported.has(row.pharmacyId));
  for (let start = 0; start < rows.length; start += STOCK_CHUNK) {
    // One JSON parameter per batch instead of three per row: a 10 000-product catalogue has ~200 000
    // stock rows, and building and binding that many parameters dominated the import time.
    const batch = JSON.stringify(rows.slice(start, start + STOCK_CHUNK).map(({ pharmacyId, pzn, quantity }) => [pharmacyId, pzn, quantity]));
    await db.execute(sql`
      insert into ${stock} (${sql.identifier(stock.pharmacyId.name)}, ${sql.identifier(stock.pzn.name)}, ${sql.identifier(stock.quantity.name)})
      select row->>0, row->>1, (row->>2)::integer from jsonb_array_elements(${batch}::jsonb) as row`);
  }
  report.stockRows = rows.length;
  return report;
}
