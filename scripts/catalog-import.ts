/**
 * Imports the catalogue files into the database: `npm run catalog:import [-- --dir DIR]`.
 * Honours DATABASE_URL (PostgreSQL) or PGLITE_DIR (embedded database); the files are validated
 * before the database is opened, so a broken catalogue never touches it.
 */
import path from 'node:path';
import { CatalogValidationError, loadCatalog } from '../src/features/catalog';
import { importCatalog } from '../src/app/import-catalogue';
import { openDb } from '../src/platform/db';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<number> {
  const dirArgument = argument('--dir');
  const dir = dirArgument ? path.resolve(dirArgument) : undefined;
  let catalog;
  try {
    catalog = await loadCatalog(dir);
  } catch (error) {
    if (error instanceof CatalogValidationError) {
      console.error(error.message);
      console.error('Nothing was imported. Fix the files above and run the import again.');
      return 1;
    }
    throw error;
  }
  const handle = await openDb();
  try {
    await handle.migrate();
    const report = await importCatalog(handle.db, catalog);
    console.log(`Imported the catalogue into ${handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}:`);
    console.log(JSON.stringify(report, null, 2));
    console.log('Changed products are on their pages at once (rendered on demand by running servers); rebuild to make them static again: npm run build (or npm start, which rebuilds when sources changed).');
    return 0;
  } finally {
    // PGlite keeps the process alive until it is closed.
    await handle.close();
  }
}

process.exitCode = await main();
