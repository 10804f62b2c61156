import path from 'node:path';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { loggableError } from '../platform/http/error-log';
import { realtimeBus, topicOf } from '../platform/realtime';
import { astroBuildRunner, prepareNextDir, swapInBuild } from '../platform/server/site-build';
import { freshCatalog } from '../features/catalog';
import { createSiteRebuilder, SITE_BUILD_TOPIC_ID, type SiteRebuilder } from '../features/backoffice';

/**
 * The process's "Rebuild the static pages": `astro build` of the project the server runs from
 * (process.cwd(), as `npm start`) into dist-next beside dist (ASTRO_OUT_DIR, as astro.config.mjs and
 * scripts/start.ts), swapped in through the dist/client link (platform/server/site-build.ts).
 */
export function processSiteRebuilder(options: { getDb: () => Promise<Db>; clock: Clock }): SiteRebuilder {
  const root = process.cwd();
  const distDir = path.resolve(root, process.env.ASTRO_OUT_DIR ?? 'dist');
  const nextDir = `${distDir}-next`;
  const topic = topicOf('operator', SITE_BUILD_TOPIC_ID);
  return createSiteRebuilder({
    runner: astroBuildRunner(root),
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
    warn: (msg, error) => console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, ...loggableError(error) })),
  });
}
