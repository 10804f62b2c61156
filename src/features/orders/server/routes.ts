import { onAccountErased } from '../../accounts';
import type { ApiApp } from '../../../platform/http/app';
import type { Clock } from '../../../platform/clock';
import { resolveOrdersDeps, type OrdersDepsOverrides } from './deps';
import { eraseOrdersOfUser } from './erasure';
import { registerAfterOrderRoutes } from './routes-after-order';
import { registerCustomerOrderRoutes } from './routes-customer';
import { registerPharmacyOrderRoutes } from './routes-pharmacy';
import { registerPaymentWebhookRoutes } from './routes-webhook';

/** Mounts the customer order API (/v2/user/orders, /v1/user/orders), the pharmacy staff API (/v1/pharmacy/orders) and the payment webhook. */
export function registerOrderRoutes(app: ApiApp, options: { clock: Clock } & OrdersDepsOverrides) {
  const deps = resolveOrdersDeps(options.clock, options);
  // First: withdrawing open offers gives credit back, which the wallet's own erasure then closes.
  onAccountErased('orders', (tx, userId, context) => eraseOrdersOfUser(deps, tx, userId, context), { first: true });
  // First: its /v1/user/orders/pending-feedback must not be taken for an order id.
  registerAfterOrderRoutes(app, deps);
  registerCustomerOrderRoutes(app, deps);
  registerPharmacyOrderRoutes(app, deps);
  registerPaymentWebhookRoutes(app, deps);
}
