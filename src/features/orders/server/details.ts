import type { OrderStatus } from '../model/order-machine';
import type { OrdersContext } from './deps';
import { refuse, type OrderResult } from './failures';
import { ratingDto, ratingRefusal, ratingsOf } from './feedback';
import { hasInvoice, invoiceFileName } from './invoice';
import { eventsOf, findOrder, statusOf } from './repo';
import { expireDueOrders } from './sweep';
import { labelOf } from './view';

/**
 * What the order detail shows beyond the order itself: the status history as the customer reads it
 * (each status reached, with its label and time; staff notes and steps that keep the status stay with staff), whether an invoice
 * can be downloaded, and the rating (given, possible, or why not).
 */
export async function orderDetails(ctx: OrdersContext, userId: string, orderId: string) {
  await expireDueOrders(ctx, { userId, orderId });
  const order = await findOrder(ctx.db, orderId, { userId });
  if (!order || order.status === 'awaiting_payment') return refuse(404, 'ORDER_NOT_FOUND') as OrderResult<never>;
  const [events, ratings] = await Promise.all([eventsOf(ctx.db, [order.id]), ratingsOf(ctx.db, [order.id])]);
  const rating = ratings.get(order.id);
  const refusal = ratingRefusal(order, rating);
  return {
    ok: true as const,
    value: {
      order_id: order.id,
      order_number: order.orderNumber,
      invoice_file_name: invoiceFileName(order.orderNumber, ctx.locale),
      status: statusOf(order),
      // Each status reached once: steps that keep the status (the pharmaceutical check, a partial
      // refund) are the pharmacy's record, not a new stage for the customer.
      history: (events.get(order.id) ?? [])
        .filter((event) => event.fromStatus !== event.toStatus)
        .map((event) => ({ status: event.toStatus as OrderStatus, label: labelOf(event.toStatus as OrderStatus), at: event.at.toISOString() })),
      invoice_available: hasInvoice(order),
      rating: rating?.stars != null ? ratingDto(rating) : null,
      can_rate: refusal === null,
      rating_dismissed: rating !== undefined && rating.stars === null,
    },
  };
}
