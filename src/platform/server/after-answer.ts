/*
 * Work that a request starts and its answer does not wait for: the e-mail, SMS and push messages
 * that follow an order's step. Each goes to a provider (an SMTP relay, an SMS gateway, a browser
 * vendor's push service) whose round trip, 100–500 ms, a customer pressing "Order and pay" or a
 * pharmacist accepting should not wait for; under a rush it also held a server slot per request.
 *
 * The step is committed before the work starts, so nothing here can undo it. The messages were
 * always sent after the commit, so a crash loses one in flight now as it did before. A graceful
 * shutdown waits for them (`answeredWorkSettled`) before the database closes, and tests wait for
 * them before they read what was sent.
 */

const running = new Set<Promise<void>>();

/** Starts `work` now; its failure is logged by its label only (a provider's error may quote an address). */
export function afterAnswer(label: string, work: () => Promise<unknown>): void {
  const task: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => {
        console.error(JSON.stringify({ level: 'error', msg: 'work after the answer failed', label, error: error instanceof Error ? error.name : 'Error' }));
      },
    )
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves once no such work runs, including work that the awaited work started. */
export async function answeredWorkSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
