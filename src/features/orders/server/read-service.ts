import { isOrderStatus, type OrderStatus } from '../model/order-machine';
import { customerContacts, pharmaciesById, pharmacyScope, prescriptionsOfOrder, staffMember } from './collaborators';
import { localDate } from '../../../platform/time/wall-clock';
import type { OrdersContext } from './deps';
import { draftAnswer } from './draft-service';
import { ratingDto, ratingsOf } from './feedback';
import type { OrderDto, PharmacyOrderDto } from './dto';
import { refuse, type OrderResult } from './failures';
import { normalizeOrderNumber } from './order-number';
import { countCustomerOrders, eventsOf, findOrder, findOrderByNumber, linesOf, listCustomerOrders, listPharmacyOrders, paymentsOf, type OrderLineRow, type OrderRow, type OrderScope } from './repo';
import { expireDueOrders } from './sweep';
import { historyDto, isRefundable, pharmacistActions, statusDto, storedDto, summaryDto } from './view';

/** The whole order as its owner sees it: a draft with its live quote, a placed order from its snapshot. */
export async function orderAnswer(ctx: OrdersContext, order: OrderRow): Promise<OrderDto> {
  if (order.status === 'awaiting_payment') return draftAnswer(ctx, order);
  const [lines, payments, pharmacies] = await Promise.all([linesOf(ctx.db, [order.id]), paymentsOf(ctx.db, [order.id]), pharmaciesById(ctx.db, [order.pharmacyId])]);
  return storedDto(order, lines.get(order.id) ?? [], payments.get(order.id), order.pharmacyId ? pharmacies.get(order.pharmacyId) : null, ctx.deps.settings);
}

async function ownOrder(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderRow | null> {
  await expireDueOrders(ctx, { userId, orderId });
  return findOrder(ctx.db, orderId, { userId });
}

export async function getOrder(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<OrderDto>> {
  const order = await ownOrder(ctx, userId, orderId);
  return order ? { ok: true, value: await orderAnswer(ctx, order) } : refuse(404, 'ORDER_NOT_FOUND');
}

export async function getOrderByNumber(ctx: OrdersContext, userId: string, orderNumber: string): Promise<OrderResult<OrderDto>> {
  const normalized = normalizeOrderNumber(orderNumber);
  const found = normalized ? await findOrderByNumber(ctx.db, normalized, userId) : null;
  const order = found ? await ownOrder(ctx, userId, found.id) : null;
  return order ? { ok: true, value: await orderAnswer(ctx, order) } : refuse(404, 'ORDER_NOT_FOUND');
}

export async function getOrderStatus(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<ReturnType<typeof statusDto>>> {
  const order = await ownOrder(ctx, userId, orderId);
  return order ? { ok: true, value: statusDto(order) } : refuse(404, 'ORDER_NOT_FOUND');
}

export async function listOrders(ctx: OrdersContext, userId: string, options: { limit: number; archived: boolean; offset?: number }) {
  await expireDueOrders(ctx, { userId });
  const rows = await listCustomerOrders(ctx.db, userId, options.limit, options.archived, options.offset ?? 0);
  const [lines, pharmacies] = await Promise.all([linesOf(ctx.db, rows.map((row) => row.id)), pharmaciesById(ctx.db, rows.map((row) => row.pharmacyId))]);
  return rows.map((row) => summaryDto(row, lines.get(row.id) ?? [], row.pharmacyId ? pharmacies.get(row.pharmacyId) : null));
}

/** The placed orders the list pages through (drafts excluded). */
export const countOrders = (ctx: OrdersContext, userId: string, archived: boolean) => countCustomerOrders(ctx.db, userId, archived);

/**
 * Which pharmacy's orders a staff member works on in this request: their own (pharmacist, manager;
 * naming another one is 404), the named one or all of them (operator). Customers are refused (403).
 */
export async function staffPharmacy(ctx: OrdersContext, userId: string, requested?: string | null): Promise<OrderResult<string | 'all'>> {
  const member = await staffMember(ctx.db, userId);
  if (!member) return refuse(403, 'FORBIDDEN');
  const scope = pharmacyScope(member, requested);
  if (scope === null) return refuse(404, 'PHARMACY_NOT_FOUND');
  return { ok: true, value: scope };
}

/** The order scope of a staff pharmacy scope. */
export const staffOrderScope = (pharmacy: string | 'all'): OrderScope => (pharmacy === 'all' ? { anyPharmacy: true } : { pharmacyId: pharmacy });

/** Orders as the pharmacy's staff see them: with the customer's name and phone, the next actions and the history. */
async function pharmacyAnswers(ctx: OrdersContext, rows: readonly OrderRow[]): Promise<PharmacyOrderDto[]> {
  const ids = rows.map((row) => row.id);
  const [lines, payments, pharmacies, events, customers, ratings] = await Promise.all([
    linesOf(ctx.db, ids),
    paymentsOf(ctx.db, ids),
    pharmaciesById(ctx.db, rows.map((row) => row.pharmacyId)),
    eventsOf(ctx.db, ids),
    customerContacts(ctx.db, rows.map((row) => row.userId)),
    ratingsOf(ctx.db, ids),
  ]);
  const rx = await Promise.all(rows.map((row) => prescriptionFacts(ctx, row, lines.get(row.id) ?? [])));
  return rows.map((row, index) => {
    const customer = customers.get(row.userId);
    return {
      ...storedDto(row, lines.get(row.id) ?? [], payments.get(row.id), row.pharmacyId ? pharmacies.get(row.pharmacyId) : null, ctx.deps.settings),
      customer: { first_name: customer?.firstName ?? null, last_name: customer?.lastName ?? null, phone: row.phone },
      actions: pharmacistActions(row, lines.get(row.id) ?? []),
      pharmacy_id: row.pharmacyId,
      checked_at: row.checkedAt ? row.checkedAt.toISOString() : null,
      parcel_tracking_number: row.parcelTrackingNumber,
      refundable: isRefundable(row),
      refunded_lines: (lines.get(row.id) ?? []).filter((line) => line.refundedQuantity > 0).map((line) => ({ pzn: line.pzn, quantity: line.refundedQuantity, cents: line.refundedCents })),
      ...rx[index]!,
      history: (events.get(row.id) ?? []).map(historyDto),
      rating: ((rating) => (rating?.stars != null ? ratingDto(rating) : null))(ratings.get(row.id)),
    };
  });
}

/** The order's prescriptions as its pharmacy sees them, with the customer's exemption (nothing of the token). */
async function prescriptionFacts(ctx: OrdersContext, row: OrderRow, lines: readonly OrderLineRow[]) {
  const ids = [...new Set(lines.flatMap((line) => (line.prescriptionId ? [line.prescriptionId] : [])))];
  if (ids.length === 0) return { prescriptions: [], co_payment_exemption: null, prescriptions_dispensed_at: null };
  const facts = await prescriptionsOfOrder(ctx.db, row.userId, ids, localDate(ctx.clock.now()));
  return {
    prescriptions: facts.prescriptions.map((view) => ({
      id: view.id,
      prescription_id: view.prescriptionId,
      insurance: view.insurance,
      flow_type: view.flowType,
      prescriber: view.prescriber,
      issued_on: view.issuedOn,
      expires_on: view.expiresOn,
      status: view.status,
    })),
    co_payment_exemption: { exempt: facts.exemption.exempt, valid_until: facts.exemption.validUntil },
    prescriptions_dispensed_at: row.prescriptionsDispensedAt ? row.prescriptionsDispensedAt.toISOString() : null,
  };
}

export function parseStatuses(value: string | undefined): OrderStatus[] | null | 'invalid' {
  if (!value) return null;
  const statuses = value.split(',').map((part) => part.trim()).filter((part) => part !== '');
  return statuses.every(isOrderStatus) ? statuses : 'invalid';
}

export async function listForPharmacy(ctx: OrdersContext, pharmacyId: string | 'all', statuses: OrderStatus[] | null, limit: number): Promise<PharmacyOrderDto[]> {
  await expireDueOrders(ctx, pharmacyId === 'all' ? {} : { pharmacyId });
  return pharmacyAnswers(ctx, await listPharmacyOrders(ctx.db, pharmacyId, statuses, limit));
}

export async function getForPharmacy(ctx: OrdersContext, pharmacyId: string | 'all', orderId: string): Promise<OrderResult<PharmacyOrderDto>> {
  await expireDueOrders(ctx, pharmacyId === 'all' ? { orderId } : { pharmacyId, orderId });
  const order = await findOrder(ctx.db, orderId, staffOrderScope(pharmacyId));
  if (!order) return refuse(404, 'ORDER_NOT_FOUND');
  const [answer] = await pharmacyAnswers(ctx, [order]);
  return { ok: true, value: answer! };
}
