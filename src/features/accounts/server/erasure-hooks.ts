import type { Db } from '../../../platform/db/client';

/** The deletion as erasure handlers see it: its instant on the injected clock. */
export interface ErasureContext {
  now: Date;
}

/**
 * Features that keep personal data per user (addresses, saved cards, orders) register a handler
 * that erases or anonymises their rows. Handlers run inside the deletion's transaction: if one
 * fails, nothing is deleted and the user can try again.
 */
export type AccountErasedHandler = (tx: Db, userId: string, context: ErasureContext) => Promise<void>;

const handlers = new Map<string, AccountErasedHandler>();

/**
 * Registers `handler` under the feature's name. A later registration under the same name replaces
 * the earlier one (tests build several apps, each with its own collaborators). Returns a function
 * that unregisters it.
 */
export function onAccountErased(name: string, handler: AccountErasedHandler): () => void {
  handlers.set(name, handler);
  return () => {
    if (handlers.get(name) === handler) handlers.delete(name);
  };
}

export async function runErasureHandlers(tx: Db, userId: string, context: ErasureContext): Promise<void> {
  for (const handler of handlers.values()) await handler(tx, userId, context);
}
