import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatPrice, formatShopDate } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { localDate } from '../../../platform/time/wall-clock';
import { ROUTES } from '../../../ui/layout/routes';
import { handleUnauthorized } from '../../accounts/client';
import { loadReferral, type ReferralEntry, type ReferralView } from '../browser/coupons-api';
import { couponPageMessages } from '../i18n/page-messages';
import { REFERRAL_PARAM } from './CouponsScreen';

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; referral: ReferralView };

/**
 * The link a friend opens: the coupons page in the referrer's language, which claims the code
 * (after login or sign-up, the guard brings them back with it) and lists it for their first order.
 */
export const shareLink = (origin: string, code: string, locale: Locale) =>
  `${origin}${localizePath(ROUTES.coupons, locale)}?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;

const day = (iso: string, locale: Locale) => formatShopDate(localDate(new Date(iso)), locale);

/**
 * /shop/refer-friend (spec §2, §5, §9): the customer's code and share link (the system share sheet
 * where the browser has one, else copying), the rules, and each friend so far with their state:
 * invited, ordered, reward credited. Friends are numbered, never named.
 */
export default function ReferFriendScreen({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(couponPageMessages, locale), [locale]);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [announcement, setAnnouncement] = useState('');
  const [canShare, setCanShare] = useState(false);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const outcome = await loadReferral(locale);
    if (outcome.ok) setState({ kind: 'ready', referral: outcome.data });
    else if (!handleUnauthorized(outcome.problem)) setState({ kind: 'failed', message: outcome.problem.message || t('referralLoadFailed') });
  }, [locale, t]);

  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    void load();
  }, []);

  if (state.kind === 'loading') return <p role="status">{t('loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <div className="account-failed" role="alert">
        <p>{state.message}</p>
        <button type="button" className="account-button account-button--secondary" onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  }

  const { referral } = state;
  const link = shareLink(window.location.origin, referral.code, locale);
  const discount = formatPrice(referral.discount_cents, locale);

  async function copy(text: string, done: string) {
    setAnnouncement('');
    try {
      await navigator.clipboard.writeText(text);
      setAnnouncement(done);
    } catch {
      setAnnouncement(t('copyFailed'));
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t('shareTitle', { amount: discount }), text: t('shareText', { amount: discount, code: referral.code }), url: link });
    } catch {
      // Closed without sharing, or refused: nothing to say.
    }
  }

  const stateLabel = (entry: ReferralEntry) =>
    entry.state === 'reward_credited' ? t('stateCredited') : entry.state === 'ordered' ? t('stateOrdered') : t('stateInvited');
  const stateClass = (entry: ReferralEntry) => (entry.state === 'reward_credited' ? 'account-tag account-tag--ok' : entry.state === 'ordered' ? 'account-tag account-tag--wait' : 'account-tag');

  return (
    <div className="account-screen referral">
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <section className="account-panel" aria-labelledby="referral-code-heading">
        <h2 id="referral-code-heading">{t('yourCode')}</h2>
        <p className="account-actions">
          <code className="account-code referral__code">{referral.code}</code>
          <button type="button" className="account-button account-button--secondary" onClick={() => void copy(referral.code, t('copiedCode'))}>
            {t('copyCode')}
          </button>
        </p>
        <p>{referral.terms[locale]}</p>
      </section>

      <section className="account-panel" aria-labelledby="referral-share-heading">
        <h2 id="referral-share-heading">{t('shareHeading')}</h2>
        <label htmlFor="referral-link">{t('shareLinkLabel')}</label>
        <input id="referral-link" className="referral__link" type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <p className="account-actions">
          {canShare && (
            <button type="button" className="account-button" onClick={() => void share()}>
              {t('share')}
            </button>
          )}
          <button type="button" className={canShare ? 'account-button account-button--secondary' : 'account-button'} onClick={() => void copy(link, t('copiedLink'))}>
            {t('copyLink')}
          </button>
        </p>
      </section>

      <section className="account-panel" aria-labelledby="referral-rules-heading">
        <h2 id="referral-rules-heading">{t('rulesHeading')}</h2>
        <ul className="referral__rules">
          <li>{t('ruleEachSide', { amount: formatPrice(referral.reward_cents, locale) })}</li>
          <li>{t('ruleMinimum', { minimum: formatPrice(referral.min_order_cents, locale) })}</li>
          <li>{t('ruleFirstOrder')}</li>
          <li>{t('ruleMedicines')}</li>
          <li>{t('ruleOwnCode')}</li>
          <li>
            {t('ruleCredit')} <a href={localizePath(ROUTES.credit, locale)}>{t('creditLink')}</a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="referral-list-heading" className="account-screen">
        <h2 id="referral-list-heading">{t('referralsHeading')}</h2>
        {referral.referrals.length === 0 ? (
          <div className="account-empty">
            <h3>{t('referralsEmptyTitle')}</h3>
            <p>{t('referralsEmptyBody')}</p>
          </div>
        ) : (
          <>
            <p>{t('referralsSummary', { rewards: formatPrice(referral.rewards_cents, locale) })}</p>
            <ol className="account-list">
              {referral.referrals.map((entry, index) => (
                <li key={index} className="account-item">
                  <h3>
                    {t('friendLabel', { number: referral.referrals.length - index })}
                    <span className={stateClass(entry)}>{stateLabel(entry)}</span>
                  </h3>
                  {entry.invited_at && <p className="account-muted">{t('invitedOn', { date: day(entry.invited_at, locale) })}</p>}
                  {entry.ordered_at && <p className="account-muted">{t('orderedOn', { date: day(entry.ordered_at, locale) })}</p>}
                  {entry.credited_at && (
                    <p className="account-muted">{t('creditedOn', { amount: formatPrice(referral.reward_cents, locale), date: day(entry.credited_at, locale) })}</p>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </div>
  );
}
