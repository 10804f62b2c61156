import { errorMessages, type ErrorCode } from '../../../platform/http/error-codes';
import { activePharmacy, cartLines, cartPharmacy, incrementLine, setCartPharmacy } from './collaborators';
import type { OrdersContext } from './deps';
import { refuse, type OrderResult } from './failures';
import { findOrder, linesOf } from './repo';

/*
 * "Order again": the lines of an earlier order go into the customer's cart as the "+" button adds
 * them (listed, no prescription, at most what the cart's pharmacy holds). A cart without a pharmacy
 * is checked against the order's pharmacy. What cannot be added, or only in part, is said per line.
 */

export interface ReorderAnswer {
  added: { pzn: string; name: string; quantity: number; requested_quantity: number }[];
  unavailable: { pzn: string; name: string; code: ErrorCode; message: string }[];
  cart_item_count: number;
}

export async function orderAgain(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<ReorderAnswer>> {
  const order = await findOrder(ctx.db, orderId, { userId });
  if (!order || order.status === 'awaiting_payment') return refuse(404, 'ORDER_NOT_FOUND');
  if (!(await cartPharmacy(ctx.db, userId)) && order.pharmacyId && (await activePharmacy(ctx.db, order.pharmacyId))) {
    await setCartPharmacy(ctx.db, userId, order.pharmacyId, ctx.clock.now());
  }
  const lines = (await linesOf(ctx.db, [order.id])).get(order.id) ?? [];
  const answer: ReorderAnswer = { added: [], unavailable: [], cart_item_count: 0 };
  const unavailable = (line: { pzn: string; name: string }, code: ErrorCode) =>
    answer.unavailable.push({ pzn: line.pzn, name: line.name, code, message: errorMessages[ctx.locale][code] });

  for (const line of lines) {
    const before = (await cartLines(ctx.db, userId)).find((item) => item.pzn === line.pzn)?.quantity ?? 0;
    const result = await incrementLine(ctx, userId, line.pzn, line.quantity);
    if (!result.ok) {
      // Without a delivery address nothing can be added at all: say so once, before anything changed.
      if (result.code === 'ADDRESS_REQUIRED') return refuse(422, 'ADDRESS_REQUIRED');
      unavailable(line, result.code);
      continue;
    }
    const after = result.value.lines.find((item) => item.pzn === line.pzn)?.quantity ?? 0;
    const added = after - before;
    if (added <= 0) unavailable(line, result.value.warnings.some((warning) => warning.pzn === line.pzn && warning.code === 'SOLD_OUT') || after === 0 ? 'SOLD_OUT' : 'STOCK_INSUFFICIENT');
    else answer.added.push({ pzn: line.pzn, name: line.name, quantity: added, requested_quantity: line.quantity });
  }
  answer.cart_item_count = (await cartLines(ctx.db, userId)).reduce((sum, item) => sum + item.quantity, 0);
  return { ok: true, value: answer };
}
