import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { PricingSettings } from '../../cart/client';
import { $addressSelection } from '../../pharmacies/client';
import { clearSession, loginRedirectUrl } from '../../auth';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { ROUTES } from '../../../ui/layout/routes';
import { normalizeCouponCode } from '../../coupons/client';
import { checkoutUiMessages } from '../i18n/ui-messages';
import type { CardView, CheckoutApi, ShippingAddress, WalletView } from '../browser/checkout-api';
import {
  choicesFromValues,
  emptyValues,
  firstErrorField,
  NEW_CARD,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
  type ValidationContext,
} from '../browser/checkout-form';
import { draftBody, draftSignature, methodOf, previewTotals, type Draft, type DraftIssue } from '../browser/draft';
import { createAttemptStore } from '../browser/idempotency';
import { fieldOfIssue, isCouponCode, isMissingInput, isStockIssue } from '../browser/issues';
import { createCheckoutApi } from '../browser/order-api';
import { paymentBody, paymentFingerprint } from '../browser/payment';
import type { Problem } from '../browser/problem';
import { orderMeta, type OrderMeta } from '../browser/session-meta';
import { useDraft } from './use-draft';
import { ConfirmDialog } from './ConfirmDialog';
import { errorText } from './controls';
import { focusField } from './focus';
import { AddressSection } from './sections/AddressSection';
import { ContactSection } from './sections/ContactSection';
import { CouponSection } from './sections/CouponSection';
import { DeliverySection } from './sections/DeliverySection';
import { PaymentSection, cardName } from './sections/PaymentSection';
import { PharmacySection } from './sections/PharmacySection';
import { SafetySection } from './sections/SafetySection';
import { SummarySection } from './sections/SummarySection';
import { TipSection } from './sections/TipSection';
import { WalletSection } from './sections/WalletSection';
import './checkout.css';

export interface CheckoutScreenProps {
  locale: Locale;
  /** The configured delivery fee and free-delivery threshold (the preview and every text use them). */
  pricing: PricingSettings;
  /** Tests hand in a fake; the page talks to the server through the typed API client. */
  api?: CheckoutApi;
}

/** Client checks as react-hook-form errors (nested for the safety questions). */
function toFieldErrors(errors: CheckoutErrors): FieldErrors<CheckoutValues> {
  const result: Record<string, unknown> = {};
  for (const [field, code] of Object.entries(errors)) {
    const error = { type: 'validate', message: code };
    if (field.startsWith('safety.')) {
      const safety = (result.safety ??= {}) as Record<string, unknown>;
      safety[field.slice('safety.'.length)] = error;
    } else result[field] = error;
  }
  return result as FieldErrors<CheckoutValues>;
}

const PAYMENT_CODES = new Set(['PAYMENT_FAILED', 'PAYMENT_INSUFFICIENT_FUNDS', 'PAYMENT_UNAVAILABLE', 'CARD_NOT_FOUND']);

/**
 * The checkout (spec §4, §5; domain rules on the order button and consent). On arrival it creates a
 * draft order from the server cart, then saves each choice to it; the server answers with its quote
 * (lines, totals, delivery options, coupon verdict, what still blocks the order), which replaces the
 * browser's preview. "Order and pay" saves the last state and places the order with an
 * Idempotency-Key that a double click or a retry reuses.
 */
export default function CheckoutScreen({ locale, pricing, api: injected }: CheckoutScreenProps) {
  const t = translator(checkoutUiMessages, locale);
  const api = useMemo(() => injected ?? createCheckoutApi(locale), [injected, locale]);
  const attempts = useMemo(() => createAttemptStore(), []);
  const [hydrated, setHydrated] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [addresses, setAddresses] = useState<ShippingAddress[] | null>(null);
  const [wallet, setWallet] = useState<WalletView | null>(null);
  const [cards, setCards] = useState<CardView[]>([]);
  const [appliedCoupon, setAppliedCoupon] = useState<string | null>(null);
  const [couponBusy, setCouponBusy] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [paymentAlert, setPaymentAlert] = useState<string | null>(null);
  const [orderAlert, setOrderAlert] = useState<{ messages: string[]; stock: boolean } | null>(null);
  const [deleting, setDeleting] = useState<CardView | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const deleteOpener = useRef<HTMLButtonElement | null>(null);
  const placingRef = useRef(false);
  const couponRef = useRef<string | null>(null);
  const walletRef = useRef(0);
  const metaRef = useRef<OrderMeta | null>(null);
  const contextRef = useRef<Omit<ValidationContext, 'now'>>({ options: null, needsPayment: true });

  const onProblem = useCallback((problem: Problem): boolean => {
    if (problem.status !== 401) return false;
    // The token expired or was revoked: log in again and come back here.
    clearSession();
    location.replace(loginRedirectUrl(location.pathname, location.search));
    return true;
  }, []);

  const resolver = useCallback<Resolver<CheckoutValues>>((values) => {
    const errors = validateCheckout(values, { ...contextRef.current, now: new Date() });
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: toFieldErrors(errors) };
  }, []);


  const form = useForm<CheckoutValues>({ defaultValues: emptyValues(), resolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const sync = useDraft({ api, onProblem });
  const { draft } = sync;
  const options = draft?.deliveryOptions ?? null;

  const values = form.watch();
  const walletBalance = wallet?.balanceCents ?? 0;
  const choices = choicesFromValues(values, { couponCode: appliedCoupon, walletBalanceCents: walletBalance });
  const method = choices.delivery ? methodOf(choices.delivery.option) : null;
  const totals = draft ? (sync.saving ? previewTotals(draft, choices, pricing, walletBalance) : draft.totals) : null;
  const needsPayment = totals === null || totals.amountDueCents > 0;
  contextRef.current = { options, needsPayment };

  const bodyFrom = useCallback(
    (current: CheckoutValues) =>
      draftBody(choicesFromValues(current, { couponCode: couponRef.current, walletBalanceCents: walletRef.current }), metaRef.current ?? orderMeta(locale)),
    [locale],
  );

  const load = useCallback(async () => {
    setLoadFailed(false);
    const [addressList, phone, walletAnswer, cardList] = await Promise.all([api.shippingAddresses(), api.profilePhone(), api.wallet(), api.cards()]);
    for (const outcome of [addressList, phone, walletAnswer, cardList]) if (!outcome.ok && onProblem(outcome.problem)) return;
    if (!addressList.ok) {
      setLoadFailed(true);
      return;
    }
    setAddresses(addressList.data);
    const selected = $addressSelection.get()?.id;
    const addressId = addressList.data.find((address) => address.id === selected)?.id ?? addressList.data[0]?.id ?? '';
    walletRef.current = walletAnswer.ok ? walletAnswer.data.balanceCents : 0;
    setWallet(walletAnswer.ok ? walletAnswer.data : null);
    const saved = cardList.ok ? cardList.data : [];
    setCards(saved);
    form.reset({ ...emptyValues(), addressId, phone: phone.ok ? (phone.data ?? '') : '', payment: saved[0]?.id ?? NEW_CARD });
    await sync.start(bodyFrom(form.getValues()));
  }, [api, bodyFrom, form, onProblem, sync.start]);

  useEffect(() => {
    setHydrated(true);
    metaRef.current = orderMeta(locale);
    void load();
  }, []);

  // Every change that concerns the order is saved to the draft (card data never is).
  useEffect(() => {
    if (sync.phase !== 'ready') return;
    const subscription = form.watch((_, { name }) => {
      if (!name || name === 'coupon' || name === 'payment' || name === 'saveCard' || name.startsWith('card')) return;
      sync.save(bodyFrom(form.getValues()), { now: name !== 'phone' && name !== 'tipCustom' });
      if (name === 'useWallet') setPaymentAlert(null);
    });
    return () => subscription.unsubscribe();
  }, [sync.phase, sync.save, bodyFrom, form]);

  // A new card or another saved card is a new payment attempt: the provider's refusal no longer applies.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name === 'payment' || name?.startsWith('card')) setPaymentAlert(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  /** The error at a field: the client check first, else the server's verdict on the draft. */
  const errorOf = (field: CheckoutField): string | undefined => {
    const state = form.getFieldState(field, form.formState);
    const own = errorText(state.error, locale);
    if (own) return own;
    if (!draft || sync.saving) return undefined;
    const issue = draft.issues.find((candidate) => fieldOfIssue(candidate) === field && (submitted || !isMissingInput(candidate)));
    return issue?.message;
  };

  const stockIssues = draft?.issues.filter(isStockIssue) ?? [];
  const otherIssues = submitted ? (draft?.issues.filter((issue) => !isStockIssue(issue) && fieldOfIssue(issue) === null) ?? []) : [];

  function showIssues(issues: DraftIssue[]): boolean {
    const placed: CheckoutField[] = [];
    const loose: string[] = [];
    for (const issue of issues) {
      const field = fieldOfIssue(issue);
      if (field && !PAYMENT_CODES.has(issue.code)) {
        form.setError(field, { type: 'server', message: issue.message });
        placed.push(field);
      } else if (field) setPaymentAlert(issue.message);
      else loose.push(issue.message);
    }
    const stock = issues.some(isStockIssue);
    if (loose.length > 0) setOrderAlert({ messages: loose, stock });
    const first = firstErrorField(Object.fromEntries(placed.map((field) => [field, 'x'])) as CheckoutErrors);
    if (first) focusField(first);
    else if (issues.some((issue) => PAYMENT_CODES.has(issue.code))) focusField('payment');
    else if (loose.length > 0) setTimeout(() => document.getElementById('checkout-order-alert')?.focus(), 0);
    return issues.length > 0;
  }

  async function applyCoupon() {
    const code = normalizeCouponCode(form.getValues('coupon'));
    if (!code) {
      form.setError('coupon', { type: 'validate', message: 'couponRequired' }, { shouldFocus: true });
      return;
    }
    const previous = couponRef.current;
    couponRef.current = code;
    setCouponBusy(true);
    const answer = await sync.flush(bodyFrom(form.getValues()));
    setCouponBusy(false);
    if (answer.ok && answer.draft.coupon?.ok !== false && !answer.draft.issues.some((issue) => isCouponCode(issue.code))) {
      setAppliedCoupon(code);
      form.setValue('coupon', '');
      form.clearErrors('coupon');
      return;
    }
    // Refused: the message goes to the field, and the draft goes on without the code.
    const message = answer.ok
      ? (answer.draft.coupon?.error?.message ?? answer.draft.issues.find((issue) => isCouponCode(issue.code))?.message)
      : answer.problem && isCouponCode(answer.problem.code)
        ? answer.problem.message
        : answer.problem?.message;
    couponRef.current = previous;
    form.setError('coupon', { type: 'server', message: message ?? t('oops') }, { shouldFocus: true });
    sync.save(bodyFrom(form.getValues()), { now: true });
  }

  function removeCoupon() {
    couponRef.current = null;
    setAppliedCoupon(null);
    sync.save(bodyFrom(form.getValues()), { now: true });
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    const outcome = await api.deleteCard(deleting.id);
    setDeleteBusy(false);
    if (!outcome.ok && outcome.problem.status !== 404) {
      if (onProblem(outcome.problem)) return;
      void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
      return;
    }
    const rest = cards.filter((card) => card.id !== deleting.id);
    setCards(rest);
    if (form.getValues('payment') === deleting.id) form.setValue('payment', rest[0]?.id ?? NEW_CARD);
    setDeleting(null);
    void showToast({ type: 'success', title: t('cardDeleted') });
    // The card's delete button is gone: the payment choice keeps the focus.
    setTimeout(() => focusField('payment'), 0);
  }

  function closeDelete() {
    setDeleting(null);
    const opener = deleteOpener.current;
    setTimeout(() => opener?.focus(), 0);
  }

  async function place(values: CheckoutValues) {
    // A second click while the first is under way is the same attempt: it is simply ignored.
    if (placingRef.current) return;
    placingRef.current = true;
    setPlacing(true);
    setSubmitted(true);
    setPaymentAlert(null);
    setOrderAlert(null);
    let leaving = false;
    try {
      const saved = await sync.flush(bodyFrom(values));
      if (!saved.ok) {
        if (saved.problem && !onProblem(saved.problem)) handlePlaceProblem(saved.problem, null);
        return;
      }
      const current: Draft = saved.draft;
      if (showIssues(current.issues)) return;
      const needsCard = current.totals.amountDueCents > 0;
      const payment = paymentBody(values, needsCard);
      const parts = { orderId: current.id, draft: draftSignature(current), payment: paymentFingerprint(payment) };
      let key = attempts.keyFor(parts);
      const request = { payment, expectedAmountCents: current.totals.amountDueCents };
      let outcome = await api.place(current.id, key, request);
      // The answer was lost on the way: the same attempt again, with the same key, cannot charge twice.
      if (!outcome.ok && outcome.problem.status === 0) outcome = await api.place(current.id, key, request);
      if (!outcome.ok && outcome.problem.code === 'IDEMPOTENCY_CONFLICT') {
        attempts.finish(current.id);
        key = attempts.keyFor(parts);
        outcome = await api.place(current.id, key, request);
      }
      if (outcome.ok) {
        attempts.finish(current.id);
        leaving = true;
        await api.refreshCart();
        location.assign(`${localizePath(ROUTES.orderView, locale)}?id=${encodeURIComponent(outcome.data.id)}`);
        return;
      }
      if (outcome.problem.status !== 0) attempts.finish(current.id);
      if (!onProblem(outcome.problem)) handlePlaceProblem(outcome.problem, current);
    } finally {
      if (!leaving) {
        placingRef.current = false;
        setPlacing(false);
      }
    }
  }

  function handlePlaceProblem(problem: Problem, current: Draft | null) {
    if (PAYMENT_CODES.has(problem.code)) {
      setPaymentAlert(problem.message);
      setTimeout(() => focusField(form.getValues('payment') === NEW_CARD ? 'cardNumber' : 'payment'), 0);
      return;
    }
    if (problem.issues.length > 0 && showIssues(problem.issues)) return;
    const field = fieldOfIssue({ code: problem.code, field: null });
    if (field) {
      form.setError(field, { type: 'server', message: problem.message });
      focusField(field);
      return;
    }
    if (isStockIssue(problem) || problem.code === 'ORDER_TOTAL_CHANGED' || problem.code === 'CART_EMPTY') {
      setOrderAlert({ messages: [problem.message], stock: isStockIssue(problem) });
      setTimeout(() => document.getElementById('checkout-order-alert')?.focus(), 0);
      // The quote is out of date: ask for it again so the summary shows what would be ordered now.
      if (current) sync.refresh(bodyFrom(form.getValues()));
      return;
    }
    void showToast({ type: 'error', title: t('oops'), description: problem.message });
  }

  const onSubmit = form.handleSubmit(
    (valid) => place(valid),
    () => {
      setSubmitted(true);
      const first = firstErrorField(validateCheckout(form.getValues(), { ...contextRef.current, now: new Date() }));
      if (first) focusField(first);
    },
  );

  const cartHref = localizePath(ROUTES.cart, locale);
  const checkoutPath = localizePath(ROUTES.checkout, locale);
  const addHref = `${localizePath(ROUTES.addresses, locale)}?new=shipping&redirect=${encodeURIComponent(checkoutPath)}`;

  if (loadFailed || (sync.phase === 'error' && !draft)) {
    return (
      <div className="checkout-message checkout-message--error" role="alert">
        <p>{sync.saveProblem?.message ?? t('loadFailed')}</p>
        <button type="button" className="checkout-button checkout-button--secondary" onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  }

  if (sync.phase === 'empty') {
    return (
      <div className="checkout-message">
        <p>{t('emptyCart')}</p>
        <a href={localizePath(ROUTES.home, locale)}>{t('continueShopping')}</a>
      </div>
    );
  }

  if (!draft || !totals || addresses === null) {
    return (
      <p className="checkout-message" role="status">
        {t('loading')}
      </p>
    );
  }

  const section = { locale, form, errorOf };
  return (
    <form className="checkout" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={placing}>
      <p className="checkout-required-note">{t('requiredNote')}</p>
      {draft.warnings.length > 0 && (
        <div className="checkout-alert checkout-alert--warning checkout-warnings" role="status">
          <ul>
            {draft.warnings.map((warning) => (
              <li key={warning.message}>{warning.message}</li>
            ))}
          </ul>
          <a href={cartHref}>{t('backToCart')}</a>
        </div>
      )}
      <div className="checkout__main">
        <AddressSection {...section} addresses={addresses} addHref={addHref} manageHref={addHref} />
        <PharmacySection locale={locale} pharmacy={draft.pharmacy} openNow={options?.openNow ?? null} pharmaciesHref={localizePath(ROUTES.pharmacies, locale)} />
        <DeliverySection {...section} options={options} />
        <SafetySection {...section} />
        <ContactSection {...section} privacyHref={localizePath(ROUTES.privacy, locale)} />
        <CouponSection
          {...section}
          applied={appliedCoupon ? { code: appliedCoupon, discountCents: totals.couponDiscountCents } : null}
          busy={couponBusy}
          onApply={() => void applyCoupon()}
          onRemove={removeCoupon}
        />
        {wallet && <WalletSection {...section} wallet={wallet} />}
        {method === 'courier' && <TipSection {...section} />}
        <PaymentSection
          {...section}
          cards={cards}
          needsPayment={needsPayment}
          paymentAlert={paymentAlert}
          onDelete={(card, opener) => {
            deleteOpener.current = opener;
            setDeleting(card);
          }}
        />
      </div>
      <div className="checkout__aside">
        <SummarySection locale={locale} lines={draft.lines} totals={totals} pricing={pricing} method={method} couponCode={appliedCoupon} updating={sync.saving} />
        <div className="checkout-order">
          {(stockIssues.length > 0 || otherIssues.length > 0 || orderAlert) && (
            <div id="checkout-order-alert" className="checkout-alert checkout-alert--error" role="alert" tabIndex={-1}>
              <ul>
                {[...new Set([...stockIssues.map((issue) => issue.message), ...otherIssues.map((issue) => issue.message), ...(orderAlert?.messages ?? [])])].map(
                  (message) => (
                    <li key={message}>{message}</li>
                  ),
                )}
              </ul>
              {(stockIssues.length > 0 || orderAlert?.stock) && <a href={cartHref}>{t('backToCart')}</a>}
            </div>
          )}
          <p className="checkout-hint">
            {t('orderLegal')} <a href={localizePath(ROUTES.terms, locale)}>{t('termsLink')}</a>
          </p>
          <button type="submit" className="checkout-button checkout-button--primary checkout-order__button" disabled={!hydrated || placing} aria-busy={placing || undefined}>
            {placing ? t('ordering') : t('orderButton')}
          </button>
        </div>
      </div>
      {deleting && (
        <ConfirmDialog
          id="checkout-delete-card"
          title={t('deleteCardTitle')}
          body={t('deleteCardBody', { card: cardName(deleting, locale) })}
          confirmLabel={t('deleteCardConfirm')}
          busyLabel={t('deleting')}
          cancelLabel={t('cancel')}
          busy={deleteBusy}
          onConfirm={() => void confirmDelete()}
          onClose={closeDelete}
        />
      )}
    </form>
  );
}
