import type { OrderStatus } from '../model/order-machine';
import { customerContact } from './collaborators';
import type { Db } from '../../../platform/db';
import type { OrderRow } from './repo';
import type { orders } from './schema';

/*
 * What an order keeps once its customer has erased their account (GDPR Art. 17). For the
 * pharmacy's and the shop's books (§147 AO, §257 HGB: ten years) an accepted order keeps what was
 * sold, when, at what price and VAT, how it was paid and delivered: no name, contact, address,
 * health answers or tracking ids. An order still being delivered keeps its delivery address and
 * phone until it arrives (or is refunded), because the courier needs them; then they go too.
 */

/** Accepted and on its way: the pharmacy still needs where and whom to deliver to. */
export const IN_FULFILMENT: readonly OrderStatus[] = ['paid', 'packed', 'in_transit'];

/** The columns that identify the customer, cleared for an erased customer's order in `status`. */
export function erasedCustomerColumns(order: Pick<OrderRow, 'meta'>, status: OrderStatus): Partial<typeof orders.$inferInsert> {
  const cleared: Partial<typeof orders.$inferInsert> = {
    safety: null,
    meta: { sessionId: '', irClickId: null, locale: order.meta.locale },
    billingAddress: null,
    billingAddressId: null,
    shippingAddressId: null,
    // Free text the pharmacy wrote to the customer ("Sorry, Erika, …").
    rejectionReason: null,
    refundReason: null,
  };
  return IN_FULFILMENT.includes(status) ? cleared : { ...cleared, shippingAddress: null, phone: null };
}

export async function isErasedCustomer(db: Db, userId: string): Promise<boolean> {
  return (await customerContact(db, userId))?.deleted ?? false;
}
