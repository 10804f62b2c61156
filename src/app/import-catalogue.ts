import { withTransaction, type Db } from '../platform/db';
import { importCatalogEntries, type Catalog, type CatalogEntriesReport } from '../features/catalog';
import { announceCatalogChange } from './fresh-pages';
import { importPharmacies, type PharmaciesImportReport } from '../features/pharmacies';

export interface ImportReport extends CatalogEntriesReport {
  pharmacies: PharmaciesImportReport;
  durationMs: number;
}

/**
 * Brings the database in line with the content editors' catalogue folder in ONE transaction, so a
 * failure leaves the previous catalogue intact. The catalogue spans two features (products belong to
 * catalog, pharmacies and stock to pharmacies), so the composition root joins them.
 */
export async function importCatalog(db: Db, catalog: Catalog): Promise<ImportReport> {
  const started = performance.now();
  const report = await withTransaction(db, async (tx) => {
    const entries = await importCatalogEntries(tx, catalog);
    const pharmacies = await importPharmacies(tx, catalog.pharmacies, catalog.stock);
    return { ...entries, pharmacies, durationMs: Math.round(performance.now() - started) };
  });
  // Changed products reach their pages on every process without a rebuild (src/app/fresh-pages.ts).
  if (report.products.inserted + report.products.updated + report.products.deactivated > 0) await announceCatalogChange(db);
  return report;
}
