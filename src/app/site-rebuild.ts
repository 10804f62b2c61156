import path from 'node:path';
import type { Clock } from '../platform/clock';
import { serverConfig } from '../platform/config/env';
import type { Db } from '../platform/db/client';
import { loggableError } from '../platform/http/error-log';
import { realtimeBus, topicOf } from '../platform/realtime';
import { astroBuildRunner, BACKGROUND_PRIORITY, runChild, type BuildRunner, prepareNextDir, swapInBuild } from '../platform/server/site-build';
import { freshCatalog } from '../features/catalog';
import { createSiteRebuilder, databaseBuildGuard, SITE_BUILD_TOPIC_ID, type SiteRebuilder } from '../features/backoffice';

/**
 * The process's "Rebuild the static pages": `astro build` of the project the server runs from
 * (process.cwd(), as `npm start`) into dist-next beside dist (ASTRO_OUT_DIR, as astro.config.mjs and
 * scripts/start.ts), swapped in through the dist/client link (platform/server/site-build.ts). One
 * build at a time across every process on the database (the lease of features/backoffice).
 */
export function processSiteRebuilder(options: { getDb: () => Promise<Db>; clock: Clock }): SiteRebuilder {
  const root = process.cwd();
  const distDir = path.resolve(root, process.env.ASTRO_OUT_DIR ?? 'dist');
  const nextDir = `${distDir}-next`;
  const topic = topicOf('operator', SITE_BUILD_TOPIC_ID);
  return createSiteRebuilder({
    runner: testBuildScript() ?? astroBuildRunner(root, process.env, { priority: BACKGROUND_PRIORITY }),
    outDir: nextDir,
    prepare: () => prepareNextDir(nextDir),
    // The new build's manifest decides at once which pages are still fresh (usually none).
    swap: async (now) => {
      await swapInBuild(distDir, nextDir, now);
      await freshCatalog()?.refresh();
    },
    publish: async (event) => {
      await realtimeBus().publish(await options.getDb(), topic, event.type, event.data);
    },
    clock: options.clock,
    guard: databaseBuildGuard(options.getDb),
    warn: (msg, error) => console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, ...loggableError(error) })),
  });
}

/**
 * Tests of real server processes only (tests/pg): SITE_BUILD_TEST_SCRIPT runs that Node script instead
 * of `astro build`, so the cross-process guard is held for as long as the test wants without a
 * minutes-long build. Ignored in production mode.
 */
function testBuildScript(env: NodeJS.ProcessEnv = process.env): BuildRunner | null {
  const script = env.SITE_BUILD_TEST_SCRIPT;
  if (!script || !serverConfig(env).demoMode) return null;
  return (run) => runChild(process.execPath, [script], { env: { ...env, ...(run.outDir ? { ASTRO_OUT_DIR: run.outDir } : {}) }, onLine: run.onLine, ...(run.signal ? { signal: run.signal } : {}) });
}
