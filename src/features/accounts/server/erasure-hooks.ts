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

const handlers = new Map<string, { handler: AccountErasedHandler; first: boolean }>();

/**
 * Registers `handler` under the feature's name. A later registration under the same name replaces
 * the earlier one (tests build several apps, each with its own collaborators). Handlers that give
 * something back to the customer (`first`: withdrawn orders return credit and coupon uses) run
 * before the others, so those that close what is left (the wallet) see it. Returns a function that
 * unregisters it.
 */
export function onAccountErased(name: string, handler: AccountErasedHandler, options: { first?: boolean } = {}): () => void {
  handlers.set(name, { handler, first: options.first ?? false });
  return () => {
    if (handlers.get(name)?.handler === handler) handlers.delete(name);
  };
}

export async function runErasureHandlers(tx: Db, userId: string, context: ErasureContext): Promise<void> {
  const ordered = [...handlers.values()].sort((a, b) => Number(b.first) - Number(a.first));
  for (const { handler } of ordered) await handler(tx, userId, context);
}
