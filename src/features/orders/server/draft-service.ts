import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { normalizePhone } from '../../accounts';
import { findAddress, latestShippingAddress } from '../../addresses';
import { cartPharmacy, checkedCart, setCartPharmacy, type CartWarning, type KnownCart } from '../../cart';
import { normalizeCouponCode } from '../../coupons';
import { INITIAL_ORDER_STATUS } from '../model/order-machine';
import { UNANSWERED_SAFETY, type SafetyAnswers } from '../../checkout';
import { activePharmacy, customerContact, ownPrescriptionIds, type CustomerContact } from './collaborators';
import type { OrdersContext } from './deps';
import type { OrderDraftBody, OrderDto } from './dto';
import { isUniqueViolation } from '../../../platform/db';
import { refuse, type OrderResult } from './failures';
import { generateOrderNumber } from './order-number';
import { buildQuote } from './quote';
import { findOrder, lastOrderPhone, openDraftOf, type OrderRow } from './repo';
import { orders } from './schema';
import { draftDto } from './view';

/*
 * Drafts (spec §4: without an id the order is created, with an id updated). A draft holds the
 * checkout's choices; nothing is reserved until it is placed, so a draft costs the shop nothing
 * and every answer carries the live quote. Each change also moves its lapse time on.
 */

type DraftChanges = Partial<typeof orders.$inferInsert>;

/** The body's changes as column values; a reference to something not the customer's is "not found". */
async function changesFrom(ctx: OrdersContext, userId: string, body: OrderDraftBody, current: OrderRow | null): Promise<OrderResult<DraftChanges>> {
  const now = ctx.clock.now();
  const changes: DraftChanges = { meta: body.meta, updatedAt: now, expiresAt: new Date(now.getTime() + ctx.deps.settings.draftTtlMinutes * 60_000) };

  if (body.pharmacy_id !== undefined) {
    if (!(await activePharmacy(ctx.db, body.pharmacy_id))) return refuse(404, 'NOT_FOUND', { fields: { pharmacy_id: 'NOT_FOUND' } });
    changes.pharmacyId = body.pharmacy_id;
  } else if (!current?.pharmacyId) {
    changes.pharmacyId = await cartPharmacy(ctx.db, userId);
  }

  if (body.shipping_address_id) {
    if (!(await findAddress(ctx.db, userId, body.shipping_address_id, 'shipping'))) return refuse(404, 'NOT_FOUND', { fields: { shipping_address_id: 'NOT_FOUND' } });
    changes.shippingAddressId = body.shipping_address_id;
  } else if (body.shipping_address_id === null) {
    changes.shippingAddressId = null;
  } else if (!current?.shippingAddressId) {
    changes.shippingAddressId = (await latestShippingAddress(ctx.db, userId))?.id ?? null;
  }

  if (body.billing_address_id) {
    if (!(await findAddress(ctx.db, userId, body.billing_address_id, 'billing'))) return refuse(404, 'NOT_FOUND', { fields: { billing_address_id: 'NOT_FOUND' } });
    changes.billingAddressId = body.billing_address_id;
  } else if (body.billing_address_id === null) {
    changes.billingAddressId = null;
  }

  if (body.delivery === null) {
    changes.deliveryOption = null;
    changes.slotStart = null;
  } else if (body.delivery) {
    changes.deliveryOption = body.delivery.option;
    changes.slotStart = body.delivery.slot_start ? new Date(body.delivery.slot_start) : null;
  }

  if (body.safety) {
    const merged: SafetyAnswers = { ...UNANSWERED_SAFETY, ...current?.safety };
    for (const [key, value] of Object.entries(body.safety) as [keyof SafetyAnswers, boolean | null | undefined][]) {
      if (value !== undefined) merged[key] = value;
    }
    changes.safety = merged;
  }

  if (body.consent_pharmacy_data === true && !current?.consentPharmacyDataAt) {
    changes.consentPharmacyDataAt = now;
    changes.consentTextVersion = ctx.deps.settings.consentTextVersion;
  } else if (body.consent_pharmacy_data === false) {
    changes.consentPharmacyDataAt = null;
    changes.consentTextVersion = null;
  }

  if (body.phone === null || body.phone?.trim() === '') {
    changes.phone = null;
  } else if (body.phone !== undefined) {
    const phone = normalizePhone(body.phone);
    if (!phone) return refuse(422, 'INVALID_PHONE_NUMBER', { fields: { phone: 'INVALID_PHONE_NUMBER' } });
    changes.phone = phone;
  }

  if (body.coupon_code !== undefined) {
    const code = body.coupon_code === null ? '' : normalizeCouponCode(body.coupon_code);
    changes.couponCode = code === '' ? null : code;
  }
  if (body.prescription_ids === null) {
    changes.prescriptionSelection = null;
  } else if (body.prescription_ids !== undefined) {
    const named = [...new Set(body.prescription_ids)];
    // Another customer's prescription does not exist for this one.
    if ((await ownPrescriptionIds(ctx.db, userId, named)).length !== named.length) return refuse(404, 'NOT_FOUND', { fields: { prescription_ids: 'NOT_FOUND' } });
    changes.prescriptionSelection = named;
  }
  if (body.wallet_cents !== undefined) changes.walletCents = body.wallet_cents;
  if (body.tip_cents !== undefined) changes.tipCents = body.tip_cents;
  return { ok: true, value: changes };
}

/**
 * The draft with its quote; the cart is first reconciled with the pharmacy's stock, as the cart page
 * does. `known` is what the request read already: the customer's contact, and the cart's pharmacy.
 */
export async function draftAnswer(
  ctx: OrdersContext,
  order: OrderRow,
  carried: readonly CartWarning[] = [],
  known?: { contact: CustomerContact | null; cart?: KnownCart },
): Promise<OrderDto> {
  const { cart, rows } = await checkedCart({ db: ctx.db, clock: ctx.clock, locale: ctx.locale }, order.userId, [], known?.cart);
  const warnings = [...carried, ...cart.warnings.filter((warning) => warning.code !== 'DUPLICATE_ACTIVE_INGREDIENT')];
  const contact = known ? known.contact : await customerContact(ctx.db, order.userId);
  const quote = await buildQuote(ctx.db, ctx, order, contact?.phone ?? null, 'checkout', rows);
  return draftDto(order, quote, warnings, ctx.locale, ctx.deps.settings);
}

/**
 * Keeps the cart checked against the pharmacy the order goes to. Only a pharmacy the body names can
 * differ from the cart's: without one, the draft took the cart's own.
 */
async function followPharmacy(ctx: OrdersContext, userId: string, body: OrderDraftBody, pharmacyId: string | null | undefined): Promise<void> {
  if (body.pharmacy_id === undefined || !pharmacyId) return;
  if ((await cartPharmacy(ctx.db, userId)) !== pharmacyId) await setCartPharmacy(ctx.db, userId, pharmacyId, ctx.clock.now());
}

/**
 * One open draft per customer (their cart is one): a POST while a draft is open continues it with the
 * body's changes (absent fields keep their answers), so a reload, a second tab or another device
 * finds every answer given so far. Only without an open draft is a new one created; it takes the
 * phone of the last order when the account has none.
 */
export async function createDraft(ctx: OrdersContext, userId: string, body: OrderDraftBody): Promise<OrderResult<OrderDto>> {
  const open = await openDraftOf(ctx.db, userId, ctx.clock.now());
  if (open) {
    // The cart's pharmacy may have changed since (the customer chose another one): the draft follows it.
    const pharmacyId = body.pharmacy_id ?? (await cartPharmacy(ctx.db, userId)) ?? undefined;
    return updateDraft(ctx, userId, open.id, { ...body, ...(pharmacyId && pharmacyId !== open.pharmacyId ? { pharmacy_id: pharmacyId } : {}) });
  }
  const changes = await changesFrom(ctx, userId, body, null);
  if (!changes.ok) return changes;
  const contact = await customerContact(ctx.db, userId);
  if (changes.value.phone === undefined && !contact?.phone) {
    const remembered = await lastOrderPhone(ctx.db, userId);
    if (remembered) changes.value.phone = remembered;
  }
  await followPharmacy(ctx, userId, body, changes.value.pharmacyId);
  const now = ctx.clock.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(orders)
        .values({ id: randomUUID(), orderNumber: generateOrderNumber(), userId, status: INITIAL_ORDER_STATUS, createdAt: now, meta: body.meta, ...changes.value, updatedAt: now })
        .returning();
      // The new draft took the cart's pharmacy, or the cart now follows the one the body named.
      return { ok: true, value: await draftAnswer(ctx, row!, [], { contact, cart: { pharmacyId: row!.pharmacyId } }) };
    } catch (error) {
      // One in 10^11: another order drew the same number.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

export async function updateDraft(ctx: OrdersContext, userId: string, orderId: string, body: OrderDraftBody): Promise<OrderResult<OrderDto>> {
  const current = await findOrder(ctx.db, orderId, { userId });
  if (!current) return refuse(404, 'ORDER_NOT_FOUND');
  if (current.status !== 'awaiting_payment' || (current.expiresAt && current.expiresAt <= ctx.clock.now())) return refuse(409, 'INVALID_ORDER_TRANSITION');
  const changes = await changesFrom(ctx, userId, body, current);
  if (!changes.ok) return changes;
  await followPharmacy(ctx, userId, body, changes.value.pharmacyId);
  // Conditional on the status: a placement that got there first wins and this change is refused.
  const [row] = await ctx.db
    .update(orders)
    .set(changes.value)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')))
    .returning();
  if (!row) return refuse(409, 'INVALID_ORDER_TRANSITION');
  return { ok: true, value: await draftAnswer(ctx, row) };
}
