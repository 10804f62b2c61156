import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatPrice, formatShopDate } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { localDate } from '../../../platform/time/wall-clock';
import { ROUTES } from '../../../ui/layout/routes';
import { handleUnauthorized } from '../../accounts/client';
import { loadWallet, type WalletView } from '../browser/wallet-api';
import { creditPageMessages } from '../i18n/page-messages';

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; wallet: WalletView };

interface Props {
  locale: Locale;
  /** What a friend's first delivered order earns (handed in by the page: the referral rules are the coupons feature's). */
  referralRewardCents: number;
}

/** Credit is signed: "+10,00 €" for credit, "−3,00 €" for credit spent. */
function signed(cents: number, locale: Locale): string {
  const amount = formatPrice(Math.abs(cents), locale);
  return cents < 0 ? `−${amount}` : `+${amount}`;
}

/**
 * The credit page (wallet; spec §1, §6): the balance, every transaction with its date and reason
 * (and its order, where there is one), and wallet_usage_description: how credit is used and whom
 * to ask.
 */
export default function CreditScreen({ locale, referralRewardCents }: Props) {
  const t = useMemo(() => translator(creditPageMessages, locale), [locale]);
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const outcome = await loadWallet(locale);
    if (outcome.ok) setState({ kind: 'ready', wallet: outcome.data });
    else if (!handleUnauthorized(outcome.problem)) setState({ kind: 'failed', message: outcome.problem.message || t('loadFailed') });
  }, [locale, t]);

  useEffect(() => {
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

  const { wallet } = state;
  const orderHref = (id: string) => `${localizePath(ROUTES.orderView, locale)}?id=${encodeURIComponent(id)}`;
  return (
    <div className="account-screen credit">
      <section className="account-panel" aria-labelledby="credit-balance-heading">
        <h2 id="credit-balance-heading">{t('balanceHeading')}</h2>
        <p className="credit__balance">{t('balance', { amount: formatPrice(wallet.balance_cents, locale) })}</p>
      </section>
      <section className="account-panel" aria-labelledby="credit-usage-heading">
        <h2 id="credit-usage-heading">{t('usageHeading')}</h2>
        <p>{wallet.usage_description[locale]}</p>
      </section>
      <section className="account-screen" aria-labelledby="credit-transactions-heading">
        <h2 id="credit-transactions-heading">{t('transactionsHeading')}</h2>
        {wallet.transactions.length === 0 ? (
          <div className="account-empty">
            <h3>{t('emptyTitle')}</h3>
            <p>{t('emptyBody', { reward: formatPrice(referralRewardCents, locale) })}</p>
            <a className="account-button" href={localizePath(ROUTES.referFriend, locale)}>
              {t('emptyAction')}
            </a>
          </div>
        ) : (
          <div className="credit__table-wrap">
            <table className="credit__table">
              <caption className="visually-hidden">{t('transactionsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dateColumn')}</th>
                  <th scope="col">{t('reasonColumn')}</th>
                  <th scope="col" className="credit__number">
                    {t('amountColumn')}
                  </th>
                  <th scope="col" className="credit__number">
                    {t('balanceColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {wallet.transactions.map((row) => (
                  <tr key={row.id}>
                    <td>{formatShopDate(localDate(new Date(row.created_at)), locale)}</td>
                    <td>
                      {row.label[locale]}
                      {row.order_id && (
                        <>
                          {' '}
                          <a href={orderHref(row.order_id)}>{t('viewOrder')}</a>
                        </>
                      )}
                    </td>
                    <td className={row.amount_cents < 0 ? 'credit__number' : 'credit__number credit__plus'}>{signed(row.amount_cents, locale)}</td>
                    <td className="credit__number">{formatPrice(row.balance_after_cents, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
