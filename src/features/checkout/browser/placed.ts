/**
 * The order this tab has just placed (session storage, so it belongs to this tab's history): when
 * back or forward returns to the checkout with the cart now empty, the customer is sent to that
 * order instead of an empty checkout with an active "Order and pay".
 */
const PLACED_KEY = 'apobote.placedOrder';

export function rememberPlaced(orderId: string): void {
  try {
    sessionStorage.setItem(PLACED_KEY, orderId);
  } catch {
    // Storage refused (privacy mode): an empty cart then leads to the cart page.
  }
}

export function placedOrder(): string | null {
  try {
    return sessionStorage.getItem(PLACED_KEY);
  } catch {
    return null;
  }
}

export function forgetPlaced(): void {
  try {
    sessionStorage.removeItem(PLACED_KEY);
  } catch {
    // Nothing stored.
  }
}
