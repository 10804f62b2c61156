import { apiClient, attempt, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import type { Order } from './api-types';

const inFlight = new Map<string, Promise<Outcome<Order>>>();

/**
 * One order read from the API, shared by everyone who asks while it is under way: the order page's
 * view and its tracking screen ask at the same moment (on load and after each status event), get
 * one request, and draw from the same answer in the same render, so the tracking screen does not
 * appear above an order already on screen and push it down.
 */
export function fetchOrder(id: string, locale: Locale): Promise<Outcome<Order>> {
  const key = `${locale}:${id}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}', { params: { path: { id } } }), locale).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
