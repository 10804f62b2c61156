import { MAX_TIP_CENTS, parseEuroAmount, TIP_PRESETS_CENTS, type DeliveryOptions } from '../model/public';
import { methodOf, SAFETY_KEYS, isDeliveryChoice, type DeliveryChoice, type Draft, type DraftChoices, type SafetyAnswers, type SafetyKey } from './draft';

/**
 * The checkout form: its values as the controls hold them (strings and booleans), the rules that
 * must hold before the order can be sent, and the translation into the draft's choices.
 */
export type Answer = '' | 'yes' | 'no';
export const NEW_CARD = 'new';
/** PayPal through the payment provider (a redirect to approve). */
export const PAYPAL = 'paypal';
/** SEPA direct debit: IBAN and mandate in the provider's page. */
export const SEPA = 'sepa_debit';
/** Pay by invoice (Klarna-like redirect). */
export const INVOICE = 'klarna';
export const CUSTOM_TIP = 'custom';

export interface CheckoutValues {
  addressId: string;
  delivery: '' | DeliveryChoice;
  /** ISO start of the chosen window (later today, tomorrow, or a pickup window); '' for none. */
  slot: string;
  safety: Record<SafetyKey, Answer>;
  phone: string;
  consent: boolean;
  coupon: string;
  useWallet: boolean;
  /** A preset in cents ("0", "100", …) or "custom". */
  tip: string;
  tipCustom: string;
  /** A saved card id, "new" (the provider's hosted card fields) or "paypal". Card data never is a form value. */
  payment: string;
  saveCard: boolean;
}

export const SAFETY_FIELDS = SAFETY_KEYS.map((key) => `safety.${key}` as const);
export type SafetyField = (typeof SAFETY_FIELDS)[number];

/** Form fields in the order they appear on screen (the first one with an error gets the focus). */
export const FIELD_ORDER = [
  'addressId',
  'delivery',
  'slot',
  ...SAFETY_FIELDS,
  'phone',
  'consent',
  'coupon',
  'useWallet',
  'tip',
  'tipCustom',
  'payment',
] as const;
export type CheckoutField = (typeof FIELD_ORDER)[number];

export const emptyValues = (): CheckoutValues => ({
  addressId: '',
  delivery: '',
  slot: '',
  safety: { pregnant: '', underage: '', nursing: '', for_someone_else: '', consulted_by_pharmacy: '' },
  phone: '',
  consent: false,
  coupon: '',
  useWallet: false,
  tip: '0',
  tipCustom: '',
  payment: '',
  saveCard: false,
});

/**
 * A phone number as people type it, with 8 to 15 digits ("0171 1234567", "+49 171 1234567"). The
 * server normalises it and has the last word.
 */
export function looksLikePhone(input: string): boolean {
  const value = input.trim();
  if (!/^[+\d\s()./-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

/** Which window select a delivery choice needs: courier windows today/tomorrow, or pickup windows when the pharmacy is closed now. */
export function slotsFor(choice: '' | DeliveryChoice, options: DeliveryOptions | null) {
  if (!options || !choice) return [];
  if (choice === 'later_today') return options.courier?.today ?? [];
  if (choice === 'tomorrow') return options.courier?.tomorrow ?? [];
  if (choice === 'pickup' && options.pickup && !options.pickup.asap) return [...options.pickup.today, ...options.pickup.tomorrow];
  return [];
}

/** The delivery choices this pharmacy offers for this cart now, in screen order. */
export function offeredChoices(options: DeliveryOptions | null): DeliveryChoice[] {
  if (!options) return [];
  const choices: DeliveryChoice[] = [];
  if (options.courier?.asap) choices.push('asap');
  if (options.courier && options.courier.today.length > 0) choices.push('later_today');
  if (options.courier && options.courier.tomorrow.length > 0) choices.push('tomorrow');
  if (options.parcel) choices.push('parcel');
  if (options.pickup && (options.pickup.asap || options.pickup.today.length > 0 || options.pickup.tomorrow.length > 0)) choices.push('pickup');
  return choices;
}

/** The tip in cents the form holds, null when the typed amount is unreadable or too high. */
export function tipCents(values: Pick<CheckoutValues, 'tip' | 'tipCustom'>): number | null {
  if (values.tip === CUSTOM_TIP) {
    const cents = parseEuroAmount(values.tipCustom);
    return cents === null || cents > MAX_TIP_CENTS ? null : cents;
  }
  const preset = Number(values.tip);
  return Number.isSafeInteger(preset) && preset >= 0 && preset <= MAX_TIP_CENTS ? preset : null;
}

/** The answers given so far as booleans; unanswered questions are left out. */
export function safetyAnswers(safety: CheckoutValues['safety']): Partial<SafetyAnswers> {
  const answers: Partial<SafetyAnswers> = {};
  for (const key of SAFETY_KEYS) {
    if (safety[key] === 'yes' || safety[key] === 'no') answers[key] = safety[key] === 'yes';
  }
  return answers;
}

export interface ChoiceContext {
  /** The coupon the server accepted last (or that is being applied), not what is typed. */
  couponCode: string | null;
  walletBalanceCents: number;
}

/** The draft's choices from the form: what is incomplete or invalid is simply not sent yet. */
export function choicesFromValues(values: CheckoutValues, context: ChoiceContext): DraftChoices {
  const choice = isDeliveryChoice(values.delivery) ? values.delivery : null;
  const needsSlot = choice === 'later_today' || choice === 'tomorrow';
  const delivery = choice && (!needsSlot || values.slot) ? { option: choice, slotStart: values.slot && choice !== 'asap' && choice !== 'parcel' ? values.slot : null } : null;
  const tip = tipCents(values);
  return {
    shippingAddressId: values.addressId || null,
    delivery,
    safety: safetyAnswers(values.safety),
    consent: values.consent,
    phone: looksLikePhone(values.phone) ? values.phone.trim() : null,
    couponCode: context.couponCode,
    walletCents: values.useWallet ? context.walletBalanceCents : 0,
    tipCents: choice && methodOf(choice) === 'courier' && tip !== null ? tip : 0,
  };
}

export interface ValidationContext {
  options: DeliveryOptions | null;
  /** The card is charged (amount due > 0). */
  needsPayment: boolean;
  now: Date;
}

/**
 * Error codes of the catalogue (or the screen's own keys: answerRequired, slotRequired,
 * paymentRequired) by field; empty when the order may be sent.
 */
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const firstErrorField = (errors: CheckoutErrors): CheckoutField | null => FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;

/**
 * The form as the server's draft remembers it (issue 11: a reload, back/forward, a second tab or
 * another device continue where the customer was). `base` holds what the draft does not keep
 * (the chosen address when the draft has none, the payment choice).
 */
export function valuesFromDraft(draft: Draft, base: CheckoutValues): CheckoutValues {
  const { answers } = draft;
  const safety = { ...base.safety };
  for (const key of SAFETY_KEYS) {
    const answer = answers.safety[key];
    if (answer !== undefined) safety[key] = answer ? 'yes' : 'no';
  }
  const preset = (TIP_PRESETS_CENTS as readonly number[]).includes(answers.tipCents);
  return {
    ...base,
    delivery: draft.delivery?.option ?? base.delivery,
    slot: draft.delivery?.slotStart ?? base.slot,
    safety,
    phone: answers.phone ?? base.phone,
    consent: answers.consent,
    useWallet: answers.walletCents > 0,
    tip: preset ? String(answers.tipCents) : CUSTOM_TIP,
    tipCustom: preset ? base.tipCustom : (answers.tipCents / 100).toFixed(2).replace('.', ','),
  };
}
