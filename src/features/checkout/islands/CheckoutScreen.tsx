import { useErrorCatalogue } from '../../../ui/forms/use-error-catalogue';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { track } from '../../analytics/client';
import { useForm } from '../../../ui/forms/use-form';
import type { PricingSettings } from '../../cart/client';
import { $addressSelection, choosePharmacyWhenAsked } from '../../pharmacies/client';
import { handleUnauthorized } from '../../accounts/client';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { formatPrice } from '../../../platform/i18n/format';
import { ROUTES } from '../../../ui/layout/routes';
import type { CheckoutText } from './text';
import type { CheckoutApi, PaymentOptionsView, ShippingAddress, WalletView } from '../browser/checkout-api';
import {
  choicesFromValues,
  emptyValues,
  firstErrorField,
  NEW_CARD,
  valuesFromDraft,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
  type ValidationContext,
} from '../browser/checkout-form';
import { draftBody, methodOf } from '../browser/draft';
import type { previewTotals } from '../browser/preview-totals';
import type * as Checks from '../browser/checkout-checks';
import { fieldOfIssue, isCouponCode, isMissingInput, isStockIssue } from '../browser/issues';
import { forgetPlaced, placedOrder } from '../browser/placed';
import { createCheckoutApi } from '../browser/order-api';
import { orderMeta, type OrderMeta } from '../browser/session-meta';
import { useCoupon } from './use-coupon';
import { useDraft } from './use-draft';
import { usePlaceOrder } from './use-place-order';
import { useSavedCards } from './use-saved-cards';
import { errorText } from './controls';
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
  /** The screen's texts in the page's language (checkoutMessages and checkoutUiMessages of the locale), handed in by the page. */
  text: CheckoutText;
  /** The configured delivery fee and free-delivery threshold (the preview and every text use them). */
  pricing: PricingSettings;
  /** Tests hand in a fake; the page talks to the server through the typed API client. */
  api?: CheckoutApi;
}

/** The checkout's client checks in the shape the form hook asks of a schema (a safety answer's path is `safety`, its key). */
function asSchema(check: (values: CheckoutValues) => CheckoutErrors) {
  return {
    safeParse(values: unknown) {
      const errors = Object.entries(check(values as CheckoutValues));
      if (errors.length === 0) return { success: true as const, data: values as CheckoutValues };
      return { success: false as const, error: { issues: errors.map(([field, code]) => ({ path: field.split('.'), message: code })) } };
    },
  };
}

// The client checks load at the first check (use-form asks its schema then), not with the page.
let checksModule: Promise<typeof Checks> | null = null;
const loadChecks = () => (checksModule ??= import('../browser/checkout-checks'));

// "Delete this card?" is asked by few: its dialog loads when asked.
const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

// The token expired or was revoked: log in again and come back here.
const onProblem = handleUnauthorized;

/**
 * The checkout (spec §4, §5; domain rules on the order button and consent). On arrival it creates a
 * draft order from the server cart, then saves each choice to it; the server answers with its quote
 * (lines, totals, delivery options, coupon verdict, what still blocks the order), which replaces the
 * browser's preview. Placing the order (use-place-order), the coupon (use-coupon) and the saved
 * cards (use-saved-cards) are hooks of their own; this screen loads, wires and draws them.
 */
export default function CheckoutScreen({ locale, text, pricing, api: injected }: CheckoutScreenProps) {
  // Field texts worded before the error catalogue arrived are filled in when it does.
  useErrorCatalogue();
  const t = tableTranslator(text);
  const api = useMemo(() => injected ?? createCheckoutApi(locale), [injected, locale]);
  const [hydrated, setHydrated] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [switching, setSwitching] = useState(false);
  // The first pointer, focus or key in the form: what changes and "Order and pay" need is fetched from then on.
  const [engaged, setEngaged] = useState(false);
  const [preview, setPreview] = useState<{ totals: typeof previewTotals } | null>(null);
  const engagedRef = useRef(false);

  const [addresses, setAddresses] = useState<ShippingAddress[] | null>(null);
  const [wallet, setWallet] = useState<WalletView | null>(null);
  const [paymentOptions, setPaymentOptions] = useState<PaymentOptionsView | null>(null);
  const walletRef = useRef(0);
  const metaRef = useRef<OrderMeta | null>(null);
  const contextRef = useRef<Omit<ValidationContext, 'now'>>({ options: null, needsPayment: true });

  // The checks are the checkout's own (they need the delivery options the draft brought), not zod's.
  const schema = useCallback(async () => {
    const { validateCheckout } = await loadChecks();
    return asSchema((values) => validateCheckout(values, { ...contextRef.current, now: new Date() }));
  }, []);
  const form = useForm<CheckoutValues>({ defaultValues: emptyValues(), schema, focusOnError: false });
  const sync = useDraft({ api, onProblem });
  const { draft } = sync;
  const options = draft?.deliveryOptions ?? null;

  const bodyWith = useCallback(
    (current: CheckoutValues, couponCode: string | null) =>
      draftBody(choicesFromValues(current, { couponCode, walletBalanceCents: walletRef.current }), metaRef.current ?? orderMeta(locale)),
    [locale],
  );
  const coupon = useCoupon({ form, sync, bodyWith, t });
  const bodyFrom = useCallback((current: CheckoutValues) => bodyWith(current, coupon.code()), [bodyWith, coupon.code]);
  const cards = useSavedCards({ api, form, onProblem, t });
  const order = usePlaceOrder({ locale, api, form, sync, bodyFrom, onProblem, t });
  const { prepare } = order;
  const engage = useCallback(() => {
    if (engagedRef.current) return;
    engagedRef.current = true;
    prepare();
    setEngaged(true);
    void import('../browser/preview-totals').then(({ previewTotals: totals }) => setPreview({ totals }), () => undefined);
  }, [prepare]);

  const values = form.watch();
  const walletBalance = wallet?.balanceCents ?? 0;
  const choices = choicesFromValues(values, { couponCode: coupon.applied, walletBalanceCents: walletBalance });
  const method = choices.delivery ? methodOf(choices.delivery.option) : null;
  // While a change is saved, the browser's own preview of the totals (once loaded), else the server's last.
  const totals = draft ? (sync.saving && preview ? preview.totals(draft, choices, pricing, walletBalance) : draft.totals) : null;
  const needsPayment = totals === null || totals.amountDueCents > 0;
  contextRef.current = { options, needsPayment };

  const load = useCallback(async () => {
    setLoadFailed(false);
    const [addressList, phone, walletAnswer, cardList] = await Promise.all([api.shippingAddresses(), api.profilePhone(), api.wallet(), api.cards()]);
    for (const outcome of [addressList, phone, walletAnswer, cardList]) if (!outcome.ok && onProblem(outcome.problem)) return;
    if (!addressList.ok) {
      setLoadFailed(true);
      return;
    }
    const selected = addressList.data.find((address) => address.id === $addressSelection.get()?.id)?.id;
    // Back from the provider's 3-D Secure or PayPal page: finish that payment first (its webhook may
    // have placed the order already, and the open draft would then be a new, empty one).
    if (await order.resume(location.search)) return;
    // The customer's open draft as the server keeps it: every answer given on any screen or device.
    const opened = await api.openDraft({ meta: metaRef.current ?? orderMeta(locale), ...(selected ? { shipping_address_id: selected } : {}) });
    if (!opened.ok) {
      if (onProblem(opened.problem)) return;
      await sync.start(bodyFrom(form.getValues()));
      return;
    }
    if (opened.data.lines.length === 0) {
      // Nothing to pay for: back after ordering shows the order, otherwise the (empty) cart.
      const placed = placedOrder();
      location.replace(placed ? `${localizePath(ROUTES.orderView, locale)}?id=${encodeURIComponent(placed)}` : localizePath(ROUTES.cart, locale));
      return;
    }
    forgetPlaced();
    setAddresses(addressList.data);
    const kept = addressList.data.find((address) => address.id === opened.data.answers.shippingAddressId)?.id;
    const addressId = selected ?? kept ?? addressList.data[0]?.id ?? '';
    walletRef.current = walletAnswer.ok ? walletAnswer.data.balanceCents : 0;
    setWallet(walletAnswer.ok ? walletAnswer.data : null);
    const saved = cardList.ok ? cardList.data : [];
    cards.setCards(saved);
    const base = { ...emptyValues(), addressId, phone: phone.ok ? (phone.data ?? '') : '', payment: saved[0]?.id ?? NEW_CARD };
    form.reset(valuesFromDraft(opened.data, base));
    // "Use in checkout" on the coupons page brings its code as ?coupon=: it waits in the field to be applied.
    const carried = new URLSearchParams(window.location.search).get('coupon')?.slice(0, 40);
    if (carried) form.setValue('coupon', carried);
    const couponCode = opened.data.answers.couponCode;
    coupon.restore(couponCode, opened.data.coupon?.ok === true && !opened.data.issues.some((issue) => isCouponCode(issue.code)));
    const body = bodyFrom(form.getValues());
    sync.adopt(opened.data, body);
    // What the form holds differs from the draft (another address chosen, a coupon dropped): save it.
    sync.save(body, { now: true });
  }, [api, bodyFrom, form, cards.setCards, sync.start, sync.adopt, sync.save, coupon.restore, locale, order.resume]);

  // The provider and its methods for this draft (hosted card fields, PayPal).
  const draftId = sync.draft?.id ?? null;
  useEffect(() => {
    if (!draftId) return;
    let live = true;
    void api.paymentOptions(draftId).then((answer) => {
      if (live && answer.ok) setPaymentOptions(answer.data);
    });
    return () => {
      live = false;
    };
  }, [api, draftId]);

  useEffect(() => {
    setHydrated(true);
    track('checkout_step', { step: 'start' });
    metaRef.current = orderMeta(locale);
    void load();
    // Back or forward restored this page from the browser's memory (perhaps mid-placement): read it again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // Every change that concerns the order is saved to the draft (card data never is).
  useEffect(() => {
    if (sync.phase !== 'ready') return;
    return form.subscribe((name) => {
      if (name === 'coupon' || name === 'payment' || name === 'saveCard') return;
      sync.save(bodyFrom(form.getValues()), { now: name !== 'phone' && name !== 'tipCustom' });
      if (name === 'useWallet') order.setPaymentAlert(null);
    });
  }, [sync.phase, sync.save, bodyFrom, form, order.setPaymentAlert]);

  // The funnel's checkout steps (analytics, after consent only): the first answer of each part, once per visit.
  useEffect(() => {
    const reached = new Set<string>();
    return form.subscribe((name) => {
      const step = name === 'delivery' || name === 'slot' ? 'delivery' : name.startsWith('safety.') ? 'safety' : name === 'phone' || name === 'consent' ? 'contact' : name === 'payment' ? 'payment' : null;
      if (!step || reached.has(step)) return;
      reached.add(step);
      track('checkout_step', { step });
    });
  }, [form]);

  // Another payment choice is a new payment attempt: the provider's refusal no longer applies.
  useEffect(() => {
    return form.subscribe((name) => {
      if (name === 'payment') order.setPaymentAlert(null);
    });
  }, [form, order.setPaymentAlert]);

  /** The error at a field: the client check first, else the server's verdict on the draft. */
  const errorOf = (field: CheckoutField): string | undefined => {
    const own = errorText(form.formState.errors[field], locale, text);
    if (own) return own;
    if (!draft || sync.saving) return undefined;
    const issue = draft.issues.find((candidate) => fieldOfIssue(candidate) === field && (order.submitted || !isMissingInput(candidate)));
    return issue?.message;
  };

  const stockIssues = draft?.issues.filter(isStockIssue) ?? [];
  const otherIssues = order.submitted ? (draft?.issues.filter((issue) => !isStockIssue(issue) && fieldOfIssue(issue) === null) ?? []) : [];
  const { placing, orderAlert } = order;

  const onSubmit = form.handleSubmit(
    (valid) => order.place(valid),
    async () => {
      order.setSubmitted(true);
      // The checks ran just now (the form hook loaded them): the first field in screen order gets the focus.
      const [{ validateCheckout }, { focusField }] = await Promise.all([loadChecks(), import('./focus')]);
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

  const section = { locale, t, form, errorOf };
  const { proposal } = draft;
  // The pharmacy that delivers to this address becomes the cart's (and the chip's); the draft follows it.
  const switchPharmacy = proposal
    ? async () => {
        setSwitching(true);
        await choosePharmacyWhenAsked({ id: proposal.id, name: proposal.name }, locale);
        await load();
        setSwitching(false);
      }
    : null;
  return (
    <form className="checkout" noValidate onSubmit={(event) => void onSubmit(event)} onPointerDown={engage} onFocus={engage} onKeyDown={engage} aria-busy={placing}>
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
        <AddressSection
          {...section}
          addresses={addresses}
          addHref={addHref}
          manageHref={addHref}
          proposal={proposal && switchPharmacy ? { name: proposal.name, onChoose: () => void switchPharmacy(), busy: switching } : null}
        />
        <PharmacySection t={t} pharmacy={draft.pharmacy} openNow={options?.openNow ?? null} pharmaciesHref={localizePath(ROUTES.pharmacies, locale)} />
        <DeliverySection {...section} options={options} />
        <SafetySection {...section} />
        <ContactSection {...section} privacyHref={localizePath(ROUTES.privacy, locale)} />
        <CouponSection
          {...section}
          applied={coupon.applied ? { code: coupon.applied, discountCents: totals.couponDiscountCents } : null}
          busy={coupon.busy}
          onApply={() => void coupon.apply()}
          onRemove={coupon.remove}
        />
        {wallet && <WalletSection {...section} wallet={wallet} />}
        {method === 'courier' && <TipSection {...section} />}
        <PaymentSection
          {...section}
          cards={cards.cards}
          needsPayment={needsPayment}
          options={paymentOptions}
          amountDueCents={totals.amountDueCents}
          paymentAlert={order.paymentAlert}
          onDelete={cards.askDelete}
          engaged={engaged}
        />
      </div>
      <div className="checkout__aside">
        <SummarySection locale={locale} t={t} lines={draft.lines} totals={totals} pricing={pricing} method={method} couponCode={coupon.applied} updating={sync.saving} />
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
      {/* Phones: the order button with the amount stays at the bottom of the screen while scrolling (issue 11). */}
      <div className="checkout-paybar">
        <button type="submit" className="checkout-button checkout-button--primary" disabled={!hydrated || placing} aria-busy={placing || undefined}>
          {`${t('orderButton')} – ${formatPrice(totals.amountDueCents, locale)}`}
        </button>
      </div>
      {cards.deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            id="checkout-delete-card"
            title={t('deleteCardTitle')}
            body={t('deleteCardBody', { card: cardName(cards.deleting, t) })}
            confirmLabel={t('deleteCardConfirm')}
            busyLabel={t('deleting')}
            cancelLabel={t('cancel')}
            busy={cards.busy}
            onConfirm={() => void cards.confirmDelete()}
            onClose={cards.closeDelete}
          />
        </Suspense>
      )}
    </form>
  );
}
