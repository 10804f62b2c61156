import { localizePath, translator, type Locale } from '../../../platform/i18n';
import type { PushMessage } from '../../../platform/push';
import type { Transition } from '../model/order-machine';
import { orderPushMessages } from '../i18n/push-messages';
import { customerContact, pushToUser } from './collaborators';
import type { OrdersContext } from './deps';
import type { OrderRow } from './repo';

/** The status changes a customer's devices are told about (issue 10). */
export type OrderPushKind = 'accepted' | 'dispatched' | 'delivered' | 'rejected';

/** Which push a step sends, if any (steps that keep the status send none). */
export function pushFor(step: Pick<Transition, 'from' | 'to'>): OrderPushKind | null {
  if (step.from === step.to) return null;
  switch (step.to) {
    case 'paid':
      return 'accepted';
    case 'in_transit':
      return 'dispatched';
    case 'delivered':
      return 'delivered';
    case 'rejected':
      return 'rejected';
    default:
      return null;
  }
}

/** The notification for `kind` in `locale`: the order number and status only, and the order page to open. */
export function composeOrderPush(kind: OrderPushKind, locale: Locale, order: Pick<OrderRow, 'id' | 'orderNumber' | 'deliveryMethod'>): PushMessage {
  const t = translator(orderPushMessages, locale);
  const values = { number: order.orderNumber };
  const [title, body] =
    kind === 'accepted'
      ? (['acceptedTitle', 'acceptedBody'] as const)
      : kind === 'rejected'
        ? (['rejectedTitle', 'rejectedBody'] as const)
        : kind === 'dispatched'
          ? order.deliveryMethod === 'parcel'
            ? (['parcelTitle', 'parcelBody'] as const)
            : (['dispatchedTitle', 'dispatchedBody'] as const)
          : order.deliveryMethod === 'pickup'
            ? (['collectedTitle', 'collectedBody'] as const)
            : (['deliveredTitle', 'deliveredBody'] as const);
  return { title: t(title), body: t(body, values), url: `${localizePath('/shop/orders/view/', locale)}?id=${encodeURIComponent(order.id)}`, tag: `order-${order.id}` };
}

/**
 * Writes the push of a status change for the customer's subscribed devices to the outbox, in the
 * step's transaction, in their chosen language (else the one they ordered in), like the order e-mails.
 */
export async function sendOrderPush(ctx: OrdersContext, order: OrderRow, step: Pick<Transition, 'from' | 'to'>): Promise<void> {
  const kind = pushFor(step);
  if (!kind) return;
  try {
    const sender = await ctx.deps.push(ctx.db, ctx.clock);
    if (!sender) return;
    const contact = await customerContact(ctx.db, order.userId);
    if (!contact || contact.deleted) return;
    await pushToUser(ctx.db, sender, order.userId, composeOrderPush(kind, contact.locale ?? order.meta.locale, order), ctx.clock.now());
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'order push not sent', kind, orderId: order.id, error: error instanceof Error ? error.name : 'error' }));
  }
}
