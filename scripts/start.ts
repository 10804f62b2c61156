/**
 * `npm start`: build when needed, open and migrate the database, import the demo catalogue into an
 * empty database, then serve pages and API from one process on PORT (4321) / HOST (localhost).
 * It prints a few steps and the URL; the full build log goes to data/build.log.
 */
import './start/require-node';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverConfig } from '../src/platform/config/env';
import { openDb, setDbHandle } from '../src/platform/db/client';
import { systemClock } from '../src/platform/clock';
import { buildCsp } from '../src/platform/security/csp';
import { thirdPartyConfig, thirdPartyCspSources } from '../src/platform/config/third-party';
import { startServerErrorReporting } from '../src/platform/error-reporting/server';
import { buildState } from '../src/platform/server/build-freshness';
import { BUILD_STAMP_FILE } from '../src/platform/server/build-stamp-integration';
import { createShopServer, type NodeHandler } from '../src/platform/server/http-server';
import { isCatalogEmpty, loadCatalog } from '../src/features/catalog';
import { importCatalog } from '../src/app/import-catalogue';
import { createMaintenanceReader } from '../src/features/remote-config';
import { assertSocialConfig, DEMO_PHARMACIST_PASSWORD, demoPharmacistEmail, seedDemoAccounts, seedDemoPharmacists } from '../src/features/accounts';
import { pharmacies } from '../src/features/pharmacies';
import { assertAuthConfig } from '../src/platform/auth';
import { resolveOrdersDeps, startOrderExpirySweep } from '../src/features/orders';
import { CouponsValidationError, importCouponsFile } from '../src/features/coupons';
import { buildSite } from './start/build-site';
import { seconds, step } from './start/steps';

const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', ...fields }));

async function main() {
  const config = serverConfig();
  // Fail at start, not at the first login: a malformed AUTH_TOKEN_TTL, or Facebook sign-in without
  // its app secret in production mode, stops the server here.
  assertAuthConfig();
  assertSocialConfig();
  const root = process.cwd();
  // Same variable as astro.config.mjs: a build made into another folder is served from there.
  const distDir = path.resolve(root, process.env.ASTRO_OUT_DIR ?? 'dist');
  const stampFile = path.join(distDir, BUILD_STAMP_FILE);

  const state = buildState({
    distDir,
    sources: ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'].map((p) => path.join(root, p)),
    catalogDir: config.catalogDir,
    stampFile,
    readStamp: () => (existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null),
  });
  console.log(`\nStarting Apobote (${config.demoMode ? 'demo' : 'production'} mode)\n`);
  if (state.needed && process.env.SKIP_BUILD !== '1') {
    await buildSite(root, state.reason, path.join(root, 'data', 'build.log'));
  } else {
    step('Site').done(state.needed ? 'Site not rebuilt (SKIP_BUILD=1)' : 'Site up to date (nothing changed since the last build)');
  }

  const database = step('Opening and migrating the database');
  let startedAt = performance.now();
  const handle = await openDb();
  await handle.migrate();
  const where = handle.kind === 'pglite' ? `PGlite in ${path.relative(root, config.pgliteDir) || config.pgliteDir}` : 'PostgreSQL';
  database.done(`Database ready: ${where}, migrated (${seconds(startedAt)})`);
  if (await isCatalogEmpty(handle.db)) {
    const importing = step(`Importing the catalogue from ${path.relative(root, config.catalogDir) || config.catalogDir}`);
    startedAt = performance.now();
    const report = await importCatalog(handle.db, await loadCatalog(config.catalogDir));
    importing.done(
      `Catalogue imported: ${report.products.active} products, ${report.categories.inserted} categories, ${report.pharmacies.inserted} pharmacies, ` +
        `${report.pharmacies.stockRows} stock rows (${seconds(startedAt)})`,
    );
  }
  await importOperatorCoupons(handle.db, config.catalogDir);
  const demo = config.demoMode ? await seedDemoAccounts(handle.db) : null;
  if (demo) {
    const pharmacyIds = (await handle.db.select({ id: pharmacies.id }).from(pharmacies)).map((row) => row.id).sort();
    await seedDemoPharmacists(handle.db, pharmacyIds);
  }
  // The bundled API picks up this handle instead of opening a second PGlite on the same folder.
  setDbHandle(Promise.resolve(handle));
  // Lapsed drafts and offers the pharmacy did not answer in time are released every minute. Resolving
  // the payment gateway here makes a production start without PAYMENT_* settings fail at once.
  const orderDeps = resolveOrdersDeps(systemClock);
  orderDeps.gateway();
  const stopOrderSweep = startOrderExpirySweep({ getDb: async () => handle.db, clock: systemClock, deps: orderDeps });

  const maintenance = createMaintenanceReader({ getDb: async () => handle.db, ttlMs: config.remoteConfigTtlMs, clock: systemClock });

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as { handler: NodeHandler };
  const thirdParty = thirdPartyConfig();
  await startServerErrorReporting({ dsn: thirdParty.sentryDsn, environment: thirdParty.sentryEnvironment });
  const hashesFile = path.join(distDir, 'csp-hashes.json');
  const hashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, 'utf8')) as string[]) : [];

  const server = createShopServer({
    handler: entry.handler,
    clientDir: path.join(distDir, 'client'),
    csp: buildCsp(hashes, thirdPartyCspSources(thirdParty)),
    hsts: process.env.HSTS === 'true',
    maintenance: () => maintenance.current(),
    log: config.logRequests ? (line) => process.stdout.write(`${line}\n`) : undefined,
  });

  server.listen(config.port, config.host, () => {
    const origin = `http://${config.host}:${config.port}`;
    const lines = [`Apobote is running at ${origin}/shop/`];
    if (demo) {
      lines.push(
        `demo customer:     ${demo.email} / ${demo.password}`,
        `demo pharmacists:  ${demoPharmacistEmail('<pharmacy id>')} / ${DEMO_PHARMACIST_PASSWORD} (e.g. ${demoPharmacistEmail('berlin-alexanderplatz')}), page ${origin}/staff/`,
        `e-mails and SMS:   ${origin}/api/dev/outbox`,
      );
    }
    lines.push('Stop with Ctrl+C.');
    console.log(`\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopOrderSweep();
    log({ msg: `${signal}: shutting down` });
    server.close();
    server.closeAllConnections();
    // PGlite writes its folder on close; without it the next start may have to recover.
    handle.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * catalog/coupons.json is upserted by code at every start (idempotent: unchanged coupons are left
 * alone, usage counts are kept). A broken file must not take the shop down: the coupons already in
 * the database stay, and the problems are logged for the operator.
 */
async function importOperatorCoupons(db: Parameters<typeof importCouponsFile>[0], catalogDir: string) {
  try {
    const report = await importCouponsFile(db, catalogDir);
    if (report.created + report.updated > 0) step('Coupons').done(`Coupons from coupons.json: ${report.created} new, ${report.updated} updated`);
  } catch (error) {
    if (!(error instanceof CouponsValidationError)) throw error;
    console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'coupons.json not imported', problems: error.problems }));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
