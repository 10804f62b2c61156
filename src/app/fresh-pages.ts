import type { Db } from '../platform/db/client';
import { loggableError } from '../platform/http/error-log';
import { realtimeBus, type Topic } from '../platform/realtime';
import { FreshCatalog, readCatalogVersion, setFreshCatalog } from '../features/catalog';

/** Server processes only (a `config` topic: no browser gets a ticket for it). */
export const CATALOG_TOPIC: Topic = 'config:catalog';

/** How often each process checks the catalogue's change counter, for changes nobody announced. */
const DEFAULT_POLL_MS = 2_000;

const warn = (msg: string, error: unknown) => console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, ...loggableError(error) }));

/**
 * Tells every server process that the catalogue changed (after the change committed), so each
 * re-decides at once which prebuilt pages it must render on demand. Losing the announcement only
 * delays that to the next poll, so a failure here never fails the change itself.
 */
export async function announceCatalogChange(db: Db): Promise<void> {
  await realtimeBus()
    .publish(db, CATALOG_TOPIC, 'catalog.changed', {})
    .catch((error: unknown) => warn('catalogue change not announced; processes notice it at their next poll', error));
}

/**
 * This process's fresh catalogue pages (features/catalog/server/fresh-catalog.ts): computed before
 * the first request, then again on every announced change (on PostgreSQL through LISTEN/NOTIFY, from
 * any process), every `pollMs` when the catalogue counter moved (a `npm run catalog:import` beside the
 * server announces nothing), and when the operator's rebuild swapped in a new build.
 */
export async function startFreshCatalog(options: { getDb: () => Promise<Db>; clientDir: string; pollMs?: number }): Promise<{ fresh: FreshCatalog; stop: () => void }> {
  const fresh = new FreshCatalog({ getDb: options.getDb, clientDir: options.clientDir, warn });
  setFreshCatalog(fresh);
  await fresh.refresh();
  const unsubscribe = await realtimeBus()
    .subscribe(CATALOG_TOPIC, () => void fresh.refresh())
    .catch((error: unknown) => {
      warn('catalogue changes not followed; fresh pages follow the poll', error);
      return () => {};
    });
  let seen: bigint | null = null;
  const poll = setInterval(() => {
    void (async () => {
      const version = await readCatalogVersion(await options.getDb());
      if ((seen !== null && version !== seen) || (await fresh.buildChanged())) await fresh.refresh();
      seen = version;
    })().catch((error: unknown) => warn('catalogue counter not read', error));
  }, options.pollMs ?? (Number(process.env.CATALOG_POLL_MS) || DEFAULT_POLL_MS));
  poll.unref();
  return {
    fresh,
    stop: () => {
      clearInterval(poll);
      unsubscribe();
    },
  };
}
