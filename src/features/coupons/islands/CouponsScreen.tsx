import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatPrice, formatShopDate } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { ROUTES } from '../../../ui/layout/routes';
import { handleUnauthorized } from '../../accounts/client';
import { claimReferral, listCoupons, markCouponsSeen, type CouponItem } from '../browser/coupons-api';
import { COUPONS_SEEN_EVENT } from '../browser/unseen-badge';
import { couponPageMessages } from '../i18n/page-messages';
import { DEFAULT_REFERRAL } from '../model/referral';

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; items: CouponItem[] };
type Notice = { kind: 'ok' | 'error'; text: string } | null;

/** The query parameter a friend's share link carries (see ReferFriendScreen). */
export const REFERRAL_PARAM = 'referral';

/** The checkout with the coupon waiting in its field (the checkout reads ?coupon=). */
export const checkoutWithCoupon = (code: string, locale: Locale) => `${localizePath(ROUTES.checkout, locale)}?coupon=${encodeURIComponent(code)}`;

/** Runs `work` once the page is really in front of the visitor (not in a background tab). */
function whenVisible(work: () => void): () => void {
  if (document.visibilityState === 'visible') {
    work();
    return () => {};
  }
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onChange);
    work();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * /shop/coupons (spec §2, §7): every coupon the customer can use, with its code, value, validity,
 * minimum order value, conditions and, where a rule already stands in the way, why. Coupons new
 * since the last visit carry "New" on this visit; once the list has been shown to the visitor the
 * page sends POST /user/mark-seen and the shell's badges go. A friend's share link
 * (?referral=CODE) is claimed first, so its code shows among the coupons.
 */
export default function CouponsScreen({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(couponPageMessages, locale), [locale]);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState<Notice>(null);
  const marked = useRef(false);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const outcome = await listCoupons(locale);
    if (outcome.ok) setState({ kind: 'ready', items: outcome.data.items });
    else if (!handleUnauthorized(outcome.problem)) setState({ kind: 'failed', message: outcome.problem.message || t('loadFailed') });
  }, [locale, t]);

  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get(REFERRAL_PARAM);
    void (async () => {
      if (code) {
        url.searchParams.delete(REFERRAL_PARAM);
        window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
        const claimed = await claimReferral(locale, code.slice(0, 40));
        if (claimed.ok) setNotice({ kind: 'ok', text: t('claimedFriend', { code: claimed.data.code, amount: formatPrice(claimed.data.discount_cents, locale) }) });
        else if (!handleUnauthorized(claimed.problem)) setNotice({ kind: 'error', text: t('claimFailed', { reason: claimed.problem.message }) });
      }
      await load();
    })();
  }, []);

  // Seen once the list has been in front of the visitor; the "New" labels stay for this visit.
  const items = state.kind === 'ready' ? state.items : null;
  useEffect(() => {
    if (!items || marked.current) return;
    if (!items.some((item) => !item.seen)) return;
    return whenVisible(() => {
      marked.current = true;
      void markCouponsSeen(locale).then((outcome) => {
        if (outcome.ok) document.dispatchEvent(new CustomEvent(COUPONS_SEEN_EVENT));
      });
    });
  }, [items, locale]);

  const value = (item: CouponItem) =>
    item.discount_kind === 'amount' ? t('amountOff', { amount: formatPrice(item.amount_cents ?? 0, locale) }) : t('percentOff', { percent: item.percent ?? 0 });
  const unseen = items?.filter((item) => !item.seen).length ?? 0;

  return (
    <div className="account-screen coupons">
      {notice && (
        <p className={notice.kind === 'ok' ? 'account-panel' : 'account-failed'} role={notice.kind === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'failed' && (
        <div className="account-failed" role="alert">
          <p>{state.message}</p>
          <button type="button" className="account-button account-button--secondary" onClick={() => void load()}>
            {t('retry')}
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <div className="account-empty">
          <h2>{t('emptyTitle')}</h2>
          <p>{t('emptyBody', { reward: formatPrice(DEFAULT_REFERRAL.rewardCents, locale) })}</p>
          <a className="account-button" href={localizePath(ROUTES.referFriend, locale)}>
            {t('emptyAction')}
          </a>
        </div>
      )}
      {items && items.length > 0 && (
        <>
          <p>
            {items.length === 1 ? t('countOne') : t('count', { count: items.length })} {unseen > 0 && t('newCount', { count: unseen })}
          </p>
          <ul className="account-list" aria-label={t('listLabel')}>
            {items.map((item) => {
              const title = item.type === 'REFERRAL' ? t('referralTitle') : (item.title?.[locale] ?? value(item));
              return (
                <li key={item.code} className="account-item coupon">
                  <h2 className="coupon__title">
                    {title}
                    {!item.seen && <span className="account-tag account-tag--new">{t('newTag')}</span>}
                  </h2>
                  <dl className="account-facts">
                    <dt>{t('codeLabel')}</dt>
                    <dd>
                      <code className="account-code">{item.code}</code>
                    </dd>
                    <dt>{t('valueLabel')}</dt>
                    <dd>{value(item)}</dd>
                    {item.valid_from && (
                      <>
                        <dt>{t('validFromLabel')}</dt>
                        <dd>{formatShopDate(item.valid_from, locale)}</dd>
                      </>
                    )}
                    <dt>{t('validUntilLabel')}</dt>
                    <dd>{item.valid_until ? formatShopDate(item.valid_until, locale) : t('noEnd')}</dd>
                    <dt>{t('minOrderLabel')}</dt>
                    <dd>{item.min_order_cents ? formatPrice(item.min_order_cents, locale) : t('noMinimum')}</dd>
                    <dt>{t('appliesLabel')}</dt>
                    <dd>{item.description[locale]}</dd>
                  </dl>
                  {item.blocked && (
                    <p className="account-blocked">
                      <strong>{t('blockedPrefix')}</strong> {item.blocked.message[locale]}
                    </p>
                  )}
                  {!item.blocked && (
                    <p className="account-actions">
                      {/* The name starts with the visible words (WCAG 2.5.3) and says which coupon. */}
                      <a className="account-button" href={checkoutWithCoupon(item.code, locale)} aria-label={`${t('useInCheckout')}: ${item.code}`}>
                        {t('useInCheckout')}
                      </a>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
