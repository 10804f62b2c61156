import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import { localDate } from '../../../platform/time/wall-clock';
import type { PrescriptionDeps } from './deps';
import { retryPendingReturns } from './lifecycle';
import { expireDue } from './repo';

/**
 * The server's prescription sweep (every 10 minutes): redeemed prescriptions past their last day
 * expire and lose their token even when their customer never looks (reads also expire them
 * lazily), and prescriptions of erased accounts the pharmacy's system could not take back then are
 * reported again. Overlapping runs are skipped; the timer does not keep the process alive.
 */
export function startPrescriptionSweep(options: { getDb: () => Promise<Db>; deps: (db: Db) => Promise<PrescriptionDeps>; clock: Clock; intervalMs?: number }): () => void {
  let running = false;
  const run = async () => {
    const db = await options.getDb();
    const now = options.clock.now();
    await expireDue(db, localDate(now), now);
    await retryPendingReturns(db, await options.deps(db), now);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'prescription sweep failed', error: (error as Error)?.name ?? 'Error' })))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
