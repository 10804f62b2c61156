import { atom } from 'nanostores';

/**
 * The order page's two parts (the live order view and its details: history, invoice, rating)
 * share one event stream, the view's: when it reads the order again after a change, the details
 * follow through this counter instead of opening a second stream.
 */
export const $orderVersion = atom(0);

export function orderChanged(): void {
  $orderVersion.set($orderVersion.get() + 1);
}
