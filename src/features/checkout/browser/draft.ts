import type { DeliveryOptions } from '../model/public';
import type { DeliveryOption as DeliveryChoice, SafetyQuestion } from '../model/order-choices';
import type { VatShare } from '../../cart/client';
import type { Issue } from '../../../platform/api-client';
import type { ErrorCode } from '../../../platform/http/error-codes';
import type { OrderMeta } from './session-meta';

/**
 * The checkout island's view of a draft order (the server's quote) and of the customer's choices,
 * independent of how the API spells its fields (see order-api.ts, the only place that knows).
 */
// The order's choices are defined once (model/order-choices.ts); the island names them its own way.
export {
  SAFETY_QUESTION_KEYS as SAFETY_KEYS,
  DELIVERY_OPTIONS as DELIVERY_CHOICES,
  isDeliveryOption as isDeliveryChoice,
  methodOf,
  type SafetyQuestion as SafetyKey,
  type DeliveryOption as DeliveryChoice,
} from '../model/order-choices';
/** The questions the customer has answered (the island sends only those). */
export type SafetyAnswers = Record<SafetyQuestion, boolean>;

export interface DraftLine {
  pzn: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  vatRate: number;
  /** The coupon's share of this line (the server apportions it), 0 without a coupon. */
  couponDiscountCents: number;
  /** A prescription line (E-Rezept): what the customer pays per pack (co-payment, or the private price); `lineTotalCents` is their share. */
  coPaymentPerPackCents?: number | undefined;
}

export interface DraftTotals {
  subtotalCents: number;
  deliveryFeeCents: number;
  couponDiscountCents: number;
  walletCents: number;
  tipCents: number;
  vat: VatShare[];
  vatTotalCents: number;
  totalCents: number;
  /** What the card is charged (total − credit). */
  amountDueCents: number;
}

export interface DraftCoupon {
  code: string;
  ok: boolean;
  error: { code: ErrorCode; message: string } | null;
}

export interface Draft {
  id: string;
  status: string;
  pharmacy: { id: string; name: string; phone: string | null } | null;
  lines: DraftLine[];
  totals: DraftTotals;
  deliveryOptions: DeliveryOptions | null;
  coupon: DraftCoupon | null;
  issues: Issue[];
  /** What changed in the cart on the way here (sold out, reduced to stock): shown once. */
  warnings: { code: ErrorCode; message: string }[];
  delivery: { option: DeliveryChoice; slotStart: string | null } | null;
  /** The pharmacy whose courier serves the chosen address when the draft's does not (the server's delivery-area decision). */
  proposal: { id: string; name: string } | null;
  /** The answers the server keeps on the draft: a reload, a second tab or another device starts from them. */
  answers: DraftAnswers;
}

export interface DraftAnswers {
  shippingAddressId: string | null;
  safety: Partial<SafetyAnswers>;
  consent: boolean;
  phone: string | null;
  couponCode: string | null;
  walletCents: number;
  tipCents: number;
}

/** What the customer chose, as the draft is saved with it (never card data). */
export interface DraftChoices {
  shippingAddressId: string | null;
  delivery: { option: DeliveryChoice; slotStart: string | null } | null;
  /** The questions answered so far (the server merges them; unanswered ones stay open). */
  safety: Partial<SafetyAnswers>;
  consent: boolean;
  phone: string | null;
  couponCode: string | null;
  walletCents: number;
  tipCents: number;
}

export interface DraftBody {
  shipping_address_id?: string;
  delivery?: { option: DeliveryChoice; slot_start?: string };
  safety?: Partial<SafetyAnswers>;
  consent_pharmacy_data: boolean;
  phone?: string;
  coupon_code: string | null;
  wallet_cents: number;
  tip_cents: number;
  meta: OrderMeta;
}

/** The body of POST and PUT /api/v2/user/orders: unset choices are left out, not sent as empty. */
export function draftBody(choices: DraftChoices, meta: OrderMeta): DraftBody {
  return {
    ...(choices.shippingAddressId ? { shipping_address_id: choices.shippingAddressId } : {}),
    ...(choices.delivery
      ? { delivery: { option: choices.delivery.option, ...(choices.delivery.slotStart ? { slot_start: choices.delivery.slotStart } : {}) } }
      : {}),
    ...(Object.keys(choices.safety).length > 0 ? { safety: choices.safety } : {}),
    consent_pharmacy_data: choices.consent,
    ...(choices.phone ? { phone: choices.phone } : {}),
    coupon_code: choices.couponCode,
    wallet_cents: choices.walletCents,
    tip_cents: choices.tipCents,
    meta,
  };
}

/** A short, non-personal summary of the saved draft: amounts and delivery choice. */
export const draftSignature = (draft: Draft): string =>
  [draft.id, draft.totals.totalCents, draft.totals.amountDueCents, draft.totals.tipCents, draft.delivery?.option ?? '-', draft.delivery?.slotStart ?? '-'].join(':');
