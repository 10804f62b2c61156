import type * as Actions from './actions';

/** The server-facing half of the cart, fetched on first use only (see actions.ts). */
export type CartActions = typeof Actions;

let loading: Promise<CartActions> | undefined;

export function loadActions(): Promise<CartActions> {
  loading ??= import('./actions').catch((error: unknown) => {
    // A failed chunk load (offline for a moment) may succeed on the next click.
    loading = undefined;
    throw error;
  });
  return loading;
}
