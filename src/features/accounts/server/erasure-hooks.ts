import type { Db } from '../../../platform/db/client';

/**
 * Features that keep personal data per user (addresses, saved cards, orders) register a handler
 * that erases or anonymises their rows. Handlers run inside the deletion's transaction: if one
 * fails, nothing is deleted and the user can try again.
 */
export type AccountErasedHandler = (tx: Db, userId: string) => Promise<void>;

const handlers = new Set<AccountErasedHandler>();

/**
 * Registers a handler (pass a module-level function: registering the same function twice, as
 * happens when tests build several apps, keeps one). Returns a function that unregisters it.
 */
export function onAccountErased(handler: AccountErasedHandler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export async function runErasureHandlers(tx: Db, userId: string): Promise<void> {
  for (const handler of handlers) await handler(tx, userId);
}
