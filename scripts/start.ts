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
import { APPLE_PAY_DOMAIN_FILE, applePayDomainAssociation, paymentCspSources } from '../src/platform/payments';
import { startServerErrorReporting } from '../src/platform/error-reporting/server';
import { buildState } from '../src/platform/server/build-freshness';
import { BUILD_STAMP_FILE } from '../src/platform/server/build-stamp-integration';
import { createShopServer, type NodeHandler } from '../src/platform/server/http-server';
import { cspFromHashesFile, makeClientSwappable } from '../src/platform/server/site-build';
import { isCatalogEmpty, LIVE_PAGE_PREFIX, loadCatalog, movedProductRedirects } from '../src/features/catalog';
import { importCatalog } from '../src/app/import-catalogue';
import { startMessageWorker } from '../src/app/outbox';
import { startFreshCatalog } from '../src/app/fresh-pages';
import { createMaintenanceReader, REMOTE_CONFIG_TOPIC } from '../src/features/remote-config';
import { realtimeBus } from '../src/platform/realtime';
import { DEMO_COURIER_PASSWORD, demoCourierEmail, mapTileOrigin, seedDemoCourierFleet } from '../src/features/delivery';
import {
  assertSocialConfig,
  DEMO_MANAGER_PASSWORD,
  DEMO_OPERATOR,
  DEMO_PHARMACIST_PASSWORD,
  demoManagerEmail,
  demoPharmacistEmail,
  seedDemoAccounts,
  seedDemoBackOffice,
  seedDemoPharmacists,
} from '../src/features/accounts';
import { pharmacies } from '../src/features/pharmacies';
import { startPrescriptionSweep } from '../src/features/prescriptions';
import { prescriptionOnlyProducts } from '../src/features/catalog';
import { prescriptionSystemFromEnv, prescriptionTokenVault } from '../src/platform/prescriptions';
import { assertAuthConfig } from '../src/platform/auth';
import { resolveOrdersDeps, startOrderExpirySweep } from '../src/features/orders';
import { startPaymentErasureRetry } from '../src/features/cards';
import { CouponsValidationError, importCouponsFile } from '../src/features/coupons';
import { buildSite } from './start/build-site';
import { seconds, step } from './start/steps';

const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', ...fields }));

/** The map tile server (MAP_TILE_URL) serves images too. */
function withTileOrigin(sources: ReturnType<typeof thirdPartyCspSources>): ReturnType<typeof thirdPartyCspSources> {
  const tiles = mapTileOrigin();
  return tiles ? { ...sources, imgSrc: [...sources.imgSrc, tiles] } : sources;
}

/** Stripe's origins (Stripe.js, its frames, its API) only when Stripe is configured; the demo provider needs none. */
function withPaymentOrigins(sources: ReturnType<typeof thirdPartyCspSources>) {
  const payment = paymentCspSources();
  return { ...sources, scriptSrc: [...sources.scriptSrc, ...payment.scriptSrc], connectSrc: [...sources.connectSrc, ...payment.connectSrc], frameSrc: payment.frameSrc };
}

/** Apple Pay's domain association file (from Stripe's dashboard), when configured. */
function applePayWellKnown(): Record<string, string> {
  const content = applePayDomainAssociation();
  return content === null ? {} : { [APPLE_PAY_DOMAIN_FILE]: content };
}

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
    await seedDemoBackOffice(handle.db, pharmacyIds);
    const cities = (await handle.db.select({ city: pharmacies.city }).from(pharmacies)).map((row) => row.city);
    await seedDemoCourierFleet(handle.db, cities);
  }
  // The bundled API picks up this handle instead of opening a second PGlite on the same folder.
  setDbHandle(Promise.resolve(handle));
  // Lapsed drafts and offers the pharmacy did not answer in time are released every minute. Resolving
  // the payment gateway here makes a production start without PAYMENT_* settings fail at once.
  const orderDeps = resolveOrdersDeps(systemClock);
  orderDeps.gateway();
  // Under start:cluster only the first process sweeps (APOBOTE_SWEEP=off for the others): every
  // process could, safely, but N sweeps a minute would only compete for the same rows.
  const stopOrderSweep =
    process.env.APOBOTE_SWEEP === 'off' ? () => {} : startOrderExpirySweep({ getDb: async () => handle.db, clock: systemClock, deps: orderDeps });
  // Provider customers of deleted accounts that the provider could not delete at the time (README, Payments).
  const stopErasureRetry =
    process.env.APOBOTE_SWEEP === 'off' ? () => {} : startPaymentErasureRetry({ getDb: async () => handle.db, gateway: orderDeps.gateway, now: () => systemClock.now() });

  // Redeemed prescriptions past their last day lose their token, and returns an account's erasure
  // could not report are reported again (every 10 minutes). Only where E-Rezept is set up: a shop
  // without the pharmacy's system or the token key (production) answers redemption "unavailable".
  let stopPrescriptionSweep = () => {};
  if (process.env.APOBOTE_SWEEP !== 'off') {
    try {
      const system = prescriptionSystemFromEnv({ products: () => prescriptionOnlyProducts(handle.db), clock: systemClock });
      stopPrescriptionSweep = startPrescriptionSweep({ getDb: async () => handle.db, deps: async (db) => ({ system, vault: await prescriptionTokenVault(db) }), clock: systemClock });
    } catch (error) {
      log({ msg: 'e-prescriptions not configured: redemption answers unavailable', error: (error as Error).message });
    }
  }

  // The outbox's worker (decision 0012): every process runs one (under start:cluster too; they
  // claim with SKIP LOCKED), woken by each committed message and every few seconds for retries.
  // OUTBOX_WORKER=off leaves the messages to other processes.
  const messageWorker = startMessageWorker({ db: handle.db, clock: systemClock });

  const maintenance = createMaintenanceReader({ getDb: async () => handle.db, ttlMs: config.remoteConfigTtlMs, clock: systemClock });
  // A flag changed through any process (or `npm run config:set` on PostgreSQL) reaches this one at
  // once; if the announcement cannot be heard, the cache's lifetime still bounds the delay.
  await realtimeBus()
    .subscribe(REMOTE_CONFIG_TOPIC, () => maintenance.invalidate())
    .catch((error: unknown) => log({ level: 'warn', msg: 'remote config changes not followed; flags refresh with the cache', error: error instanceof Error ? error.name : 'unknown' }));

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as { handler: NodeHandler };
  const thirdParty = thirdPartyConfig();
  await startServerErrorReporting({ dsn: thirdParty.sentryDsn, environment: thirdParty.sentryEnvironment });
  // The operator's "Rebuild the static pages" swaps dist/client (a link) and csp-hashes.json while
  // this runs (src/platform/server/site-build.ts): pages are read through the link, the policy is
  // re-read when the file changes.
  await makeClientSwappable(distDir, new Date());
  const cspSources = withPaymentOrigins(withTileOrigin(thirdPartyCspSources(thirdParty)));
  // Products changed since the build: their pages (and the listings showing them) are rendered on
  // demand from the database until a rebuild includes the change (src/app/fresh-pages.ts).
  const freshPages = await startFreshCatalog({ getDb: async () => handle.db, clientDir: path.join(distDir, 'client') });

  const server = createShopServer({
    handler: entry.handler,
    clientDir: path.join(distDir, 'client'),
    // Third-party origins only when configured; map tiles (img-src) only when MAP_TILE_URL is set.
    csp: cspFromHashesFile(path.join(distDir, 'csp-hashes.json'), (hashes) => buildCsp(hashes, cspSources)),
    hsts: process.env.HSTS === 'true',
    maintenance: () => maintenance.current(),
    onDemand: { prefix: LIVE_PAGE_PREFIX, route: (pathname) => freshPages.fresh.livePath(pathname), generation: () => freshPages.fresh.current().generation },
    // Pack sizes' former pages (before grouping) point to their group's page with the size chosen.
    redirect: movedProductRedirects(path.join(distDir, 'client')),
    log: config.logRequests ? (line) => process.stdout.write(`${line}\n`) : undefined,
    wellKnown: applePayWellKnown(),
  });

  server.listen(config.port, config.host, () => {
    const origin = `http://${config.host}:${config.port}`;
    // start:cluster's further processes: the first one already printed the URL and accounts.
    if (process.env.APOBOTE_QUIET === '1') return console.log(`  another server process (pid ${process.pid}) serves ${origin}`);
    const lines = [`Apobote is running at ${origin}/shop/`];
    if (demo) {
      lines.push(
        `demo customer:     ${demo.email} / ${demo.password}`,
        `demo pharmacists:  ${demoPharmacistEmail('<pharmacy id>')} / ${DEMO_PHARMACIST_PASSWORD} (e.g. ${demoPharmacistEmail('berlin-alexanderplatz')}), back office ${origin}/pharmacy/`,
        `demo managers:     ${demoManagerEmail('<pharmacy id>')} / ${DEMO_MANAGER_PASSWORD} (e.g. ${demoManagerEmail('berlin-alexanderplatz')})`,
        `demo operator:     ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password} (every pharmacy)`,
        `demo couriers:     courier-<1|2>.<city>@courier.apobote.de / ${DEMO_COURIER_PASSWORD} (e.g. ${demoCourierEmail('Berlin', 1)}), app ${origin}/courier/`,
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
    freshPages.stop();
    stopErasureRetry();
    stopPrescriptionSweep();
    log({ msg: `${signal}: shutting down` });
    server.close();
    server.closeAllConnections();
    // The outbox worker finishes the messages in flight (the providers' own timeouts bound the wait;
    // what is still queued stays for the next start), then PGlite writes its folder on close;
    // without it the next start may have to recover.
    void Promise.resolve(messageWorker?.stop())
      .catch(() => undefined)
      .then(() => handle.close())
      .finally(() => process.exit(0));
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
