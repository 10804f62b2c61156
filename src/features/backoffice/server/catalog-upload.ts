import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../../platform/db/client';
import { CatalogValidationError, clearCatalogCache, defaultCatalogDir, loadCatalog, type Catalog } from '../../catalog';

/*
 * The operator's catalogue upload (back office): one file of the catalogue folder replaced, the
 * whole catalogue validated exactly as `npm run catalog:import` validates it (loadCatalog), and only
 * then imported (one transaction) and written into the folder, so a wrong file changes nothing.
 */

export type CatalogImporter = (db: Db, catalog: Catalog) => Promise<object>;

/** Product files are tens of KB, the stock list a few hundred. */
export const CATALOG_UPLOAD_MAX_CHARS = 2_000_000;

const FILE_PATH = /^(categories\.json|pharmacies\.json|popular-searches\.json|stock\.csv|products\/[a-z0-9][a-z0-9-]{0,80}\.json)$/;

/** The files of the catalogue folder an upload may replace (never a path outside it). */
export const isCatalogFilePath = (value: string): boolean => FILE_PATH.test(value);

export type UploadOutcome = { ok: true; imported: boolean; report: Record<string, unknown> | null } | { ok: false; problems: string[] };

export async function importUploadedCatalogFile(
  deps: { db: Db; importCatalog: CatalogImporter; catalogDir?: string | undefined },
  relative: string,
  content: string,
  dryRun: boolean,
): Promise<UploadOutcome> {
  if (!isCatalogFilePath(relative)) return { ok: false, problems: [`${relative}: not a file of the catalogue`] };
  const dir = path.resolve(deps.catalogDir ?? defaultCatalogDir());
  const work = await mkdtemp(path.join(tmpdir(), 'apobote-catalog-'));
  try {
    // The catalogue as it is, minus the generated images, with the uploaded file in place.
    await cp(dir, work, { recursive: true, filter: (source) => path.relative(dir, source).split(path.sep)[0] !== 'images' });
    await writeFile(path.join(work, relative), content);
    let catalog: Catalog;
    try {
      catalog = await loadCatalog(work);
    } catch (error) {
      if (error instanceof CatalogValidationError) return { ok: false, problems: error.problems.map((problem) => problem.split(`${work}${path.sep}`).join('')) };
      throw error;
    }
    if (dryRun) return { ok: true, imported: false, report: null };
    const report = (await deps.importCatalog(deps.db, catalog)) as Record<string, unknown>;
    // Imported: the folder follows, so the next build publishes the same catalogue (atomic replace).
    const target = path.join(dir, relative);
    const staged = `${target}.upload-${process.pid}`;
    await writeFile(staged, content);
    await rename(staged, target);
    return { ok: true, imported: true, report };
  } finally {
    clearCatalogCache();
    await rm(work, { recursive: true, force: true });
  }
}
