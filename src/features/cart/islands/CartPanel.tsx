import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { $selectedPharmacy } from '../../pharmacies/client';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { formatPrice } from '../../../platform/i18n/format';
import { translator } from '../../../platform/i18n/messages';
import { loginRedirectUrl } from '../../accounts/client';
import { cartControlMessages } from '../i18n/control-messages';
import { cartPanelMessages } from '../i18n/panel-messages';
import { MAX_QUANTITY_PER_LINE } from '../model/limits';
import type { CartNotice, MirrorLine } from '../model/mirror';
import { productPath } from '../../catalog/client';
import { ROUTES } from '../../../ui/layout/routes';
import { priceCart, type CartTotals, type PricingSettings } from '../model/pricing';
import { cartCalls, changeQuantity, lineLimit, noticeText, refreshCart, removeFromCart } from '../browser/actions';
import { $cart, $mirror, $panelsOpen, $pending, clearNotices, initCartState } from '../browser/state';
import './cart.css';

export interface CartPanelProps {
  locale: Locale;
  settings: PricingSettings;
  /** In the drawer the dialog has the heading; on the page the page has it. */
  variant: 'drawer' | 'page';
}

type Phase = 'loading' | 'ready' | 'error' | 'logged-out';

interface ViewLine extends MirrorLine {
  stock: number | null;
}

/**
 * The cart's contents, in the drawer and on the cart page. It opens with the local mirror (shown
 * at once) and asks the server, which re-checks stock: removed or reduced lines are announced in
 * an alert with the server's message. Quantities change optimistically; totals are previewed with
 * the server's own pricing functions and replaced by its answer once every change is confirmed.
 */
export function CartPanel({ locale, settings, variant }: CartPanelProps) {
  initCartState();
  const t = useMemo(() => translator(cartPanelMessages, locale), [locale]);
  const tc = useMemo(() => translator(cartControlMessages, locale), [locale]);
  // The cart page's island is rendered on the server without the browser's mirror: the first
  // client render must match that markup, so the mirror is used from the second render on.
  const [hydrated, setHydrated] = useState(false);
  const storedMirror = useStore($mirror);
  const mirror = hydrated ? storedMirror : null;
  const pending = useStore($pending);
  const cart = useStore($cart);
  const selected = useStore($selectedPharmacy);
  const [phase, setPhase] = useState<Phase>('loading');
  const [status, setStatus] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const [pharmacyName, setPharmacyName] = useState<string | null>(null);
  const linesRef = useRef<HTMLElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const load = () => {
    setPhase('loading');
    void refreshCart().then((outcome) => {
      if (outcome.ok) setPhase('ready');
      else setPhase(outcome.problem.status === 401 ? 'logged-out' : 'error');
    });
  };

  useEffect(() => {
    setHydrated(true);
    $panelsOpen.set($panelsOpen.get() + 1);
    load();
    return () => $panelsOpen.set(Math.max(0, $panelsOpen.get() - 1));
  }, []);

  const stockByPzn = new Map((cart?.lines ?? []).map((line) => [line.pzn, line.availability.stock]));
  const lines: ViewLine[] = (mirror?.lines ?? [])
    .map((line) => ({ ...line, quantity: pending[line.pzn] ?? line.quantity, stock: stockByPzn.get(line.pzn) ?? null }))
    .filter((line) => line.quantity > 0);
  const notices = mirror?.notices ?? [];
  // Logged out (no cart on the server), the pharmacy chosen on this device is the cart's: the one
  // the header names and the cart follows after login. After hydration, as the mirror.
  const pharmacyId = cart?.pharmacyId ?? mirror?.pharmacyId ?? (hydrated ? selected?.id : null) ?? null;
  const settled = Object.keys(pending).length === 0 && phase === 'ready' && cart !== null;
  const totals: CartTotals = settled && cart ? cart.totals : priceCart(lines, settings);
  const max = cart?.maxQuantityPerLine ?? MAX_QUANTITY_PER_LINE;

  // Names for notices about lines this device never saw (put in the cart elsewhere).
  useEffect(() => {
    for (const notice of notices) {
      if (notice.name || names[notice.pzn]) continue;
      void cartCalls().productName(notice.pzn).then((name) => name && setNames((previous) => ({ ...previous, [notice.pzn]: name })));
    }
  }, [notices.map((notice) => notice.pzn).join()]);

  useEffect(() => {
    setPharmacyName(null);
    if (!pharmacyId || selected?.id === pharmacyId) return;
    let current = true;
    void cartCalls().pharmacyName(pharmacyId).then((name) => current && setPharmacyName(name));
    return () => {
      current = false;
    };
  }, [pharmacyId, selected?.id]);

  const noticeName = (notice: CartNotice) => notice.name ?? names[notice.pzn] ?? t('unknownProduct', { pzn: notice.pzn });
  const shownPharmacy = pharmacyId ? (selected?.id === pharmacyId ? selected.name : pharmacyName) : null;
  const advice = (cart?.warnings ?? []).filter((warning) => warning.code === 'DUPLICATE_ACTIVE_INGREDIENT');
  const nameOf = (pzn: string) => lines.find((line) => line.pzn === pzn)?.name ?? pzn;

  const remove = (line: ViewLine) => {
    removeFromCart(line.pzn);
    setStatus(t('removed', { name: line.name }));
    // The line's controls are gone: keep keyboard focus in the cart instead of losing it to <body>
    // (the list, or the panel itself once the last line is gone), after React has re-rendered.
    setTimeout(() => (linesRef.current ?? rootRef.current)?.focus(), 0);
  };

  const step = (line: ViewLine, delta: number, limit: number) => {
    if (delta < 0 && line.quantity <= 1) return remove(line);
    if (delta > 0 && line.quantity >= limit) return;
    changeQuantity(line.pzn, delta, limit);
    setStatus(t('quantityChanged', { name: line.name, quantity: line.quantity + delta }));
  };

  const busy = phase === 'loading' && !mirror;

  return (
    <div className={`cart-panel cart-panel--${variant}`} aria-busy={phase === 'loading'} ref={rootRef} tabIndex={-1}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>

      <div className="cart-alert" role="alert">
        {notices.length > 0 && (
          <div className="cart-alert__box">
            <ul>
              {notices.map((notice) => (
                <li key={notice.pzn}>
                  <strong>{notice.message}</strong> {noticeText(notice, noticeName(notice))}
                </li>
              ))}
            </ul>
            <button type="button" className="cart-link-button" onClick={clearNotices}>
              {t('dismiss')}
            </button>
          </div>
        )}
      </div>

      {phase === 'logged-out' && (
        <p className="cart-message">
          {t('loginRequired')} <a href={loginRedirectUrl(location.pathname, location.search)}>{t('loginLink')}</a>
        </p>
      )}
      {phase === 'error' && (
        <p className="cart-message cart-message--error">
          {t('loadFailed')}{' '}
          <button type="button" className="cart-link-button" onClick={load}>
            {t('retry')}
          </button>
        </p>
      )}

      {busy && <p className="cart-message">{t('loading')}</p>}

      {!busy && phase !== 'logged-out' && lines.length === 0 && (
        <div className="cart-empty">
          <p>{t('empty')}</p>
          <a href={localizePath(ROUTES.home, locale)}>{t('continueShopping')}</a>
        </div>
      )}

      {advice.length > 0 && (
        <section className="cart-advice" aria-labelledby={`cart-advice-${variant}`}>
          <h3 id={`cart-advice-${variant}`}>{t('adviceHeading')}</h3>
          {advice.map((warning) => (
            <p key={warning.ingredient ?? warning.message}>
              {warning.message} ({(warning.pzns ?? []).map(nameOf).join(', ')})
            </p>
          ))}
        </section>
      )}

      {lines.length > 0 && (
        <section className="cart-lines" aria-label={t('linesLabel')} ref={linesRef} tabIndex={-1}>
          <ul role="list">
            {lines.map((line) => {
              const limit = lineLimit(line.stock, max);
              const atLimit = line.quantity >= limit;
              const noteId = `cart-${variant}-limit-${line.pzn}`;
              return (
                <li key={line.pzn} className="cart-line">
                  <img className="cart-line__image" src={line.imageUrl} alt="" width={64} height={64} loading="lazy" decoding="async" />
                  <div className="cart-line__main">
                    <a className="cart-line__name" href={localizePath(productPath(line.slug), locale)}>
                      {line.name}
                    </a>
                    <p className="cart-line__unit">{t('unitPrice', { price: formatPrice(line.unitPriceCents, locale) })}</p>
                    <div className="cart-line__controls">
                      <div className="cart-qty" role="group" aria-label={tc('quantityGroup', { name: line.name })}>
                        <button
                          type="button"
                          className="cart-qty__step"
                          aria-label={line.quantity === 1 ? tc('removeOne', { name: line.name }) : tc('decrease', { name: line.name })}
                          onClick={() => step(line, -1, limit)}
                        >
                          −
                        </button>
                        <span className="cart-qty__count">{line.quantity}</span>
                        <button
                          type="button"
                          className="cart-qty__step"
                          aria-label={tc('increase', { name: line.name })}
                          aria-disabled={atLimit || undefined}
                          aria-describedby={atLimit ? noteId : undefined}
                          onClick={() => step(line, 1, limit)}
                        >
                          +
                        </button>
                      </div>
                      <button type="button" className="cart-link-button cart-line__remove" onClick={() => remove(line)}>
                        {t('remove')}
                        <span className="visually-hidden"> {line.name}</span>
                      </button>
                    </div>
                    {atLimit && (
                      <p className="cart-line__limit" id={noteId}>
                        {line.stock !== null && line.stock < max ? t('stockLimit', { stock: line.stock }) : t('maxPerLine', { max })}
                      </p>
                    )}
                  </div>
                  <p className="cart-line__total">
                    <span className="visually-hidden">{t('lineTotal', { name: line.name })}: </span>
                    {formatPrice(line.unitPriceCents * line.quantity, locale)}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {lines.length > 0 && (
        <>
          <dl className="cart-totals">
            <div>
              <dt>{t('subtotal')}</dt>
              <dd>{formatPrice(totals.subtotalCents, locale)}</dd>
            </div>
            <div>
              <dt>{t('deliveryFee')}</dt>
              <dd>{totals.deliveryFeeCents === 0 ? t('free') : formatPrice(totals.deliveryFeeCents, locale)}</dd>
            </div>
            {totals.vat.map((share) => (
              <div key={share.rate} className="cart-totals__vat">
                <dt>{t('vatIncluded', { rate: share.rate })}</dt>
                <dd>{formatPrice(share.vatCents, locale)}</dd>
              </div>
            ))}
            <div className="cart-totals__total">
              <dt>{t('total')}</dt>
              <dd>{formatPrice(totals.totalCents, locale)}</dd>
            </div>
          </dl>
          <p className="cart-free-delivery">
            {totals.missingForFreeDeliveryCents > 0
              ? t('missingForFree', { amount: formatPrice(totals.missingForFreeDeliveryCents, locale) })
              : t('freeReached')}
          </p>
        </>
      )}

      <div className="cart-pharmacy">
        {shownPharmacy ? (
          <p>
            {t('pharmacyHeading')} <strong>{shownPharmacy}</strong>.{' '}
            <a href={localizePath(ROUTES.pharmacies, locale)}>{t('changePharmacy')}</a>
          </p>
        ) : pharmacyId ? (
          <p>
            <a href={localizePath(ROUTES.pharmacies, locale)}>{t('changePharmacy')}</a>
          </p>
        ) : (
          <p>
            {t('pharmacyUnknown')} <a href={localizePath(ROUTES.pharmacies, locale)}>{t('choosePharmacy')}</a>
          </p>
        )}
      </div>

      {lines.length > 0 && (
        <a className="cart-checkout" href={localizePath(ROUTES.checkout, locale)}>
          {t('checkout')}
        </a>
      )}
    </div>
  );
}
