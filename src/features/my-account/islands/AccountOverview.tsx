import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatPrice } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { ROUTES } from '../../../ui/layout/routes';
import { handleUnauthorized } from '../../accounts/client';
import { creditBalance, deleteSavedCard, listSavedCards, unseenCouponCount, type SavedCard } from '../browser/overview-api';
import { overviewMessages } from '../i18n/messages';

type Cards = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; items: SavedCard[] };
type Key = keyof (typeof overviewMessages)['en'];

interface Props {
  locale: Locale;
  /** "You both get 10 €" (handed in by the page: the referral rules are the coupons feature's). */
  referralRewardCents: number;
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * "My Account" (issue 11; spec §2 bottom navigation): where the account menu and the bottom
 * navigation's account entry lead. Links to every account area with what is worth knowing at a
 * glance (new coupons, credit balance), and the saved cards, which can be deleted here.
 */
export default function AccountOverview({ locale, referralRewardCents }: Props) {
  const t = useMemo(() => translator(overviewMessages, locale), [locale]);
  const [cards, setCards] = useState<Cards>({ kind: 'loading' });
  const [balance, setBalance] = useState<number | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState('');
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  const cardsHeading = useRef<HTMLHeadingElement>(null);
  const focusAfter = useRef<string | null | undefined>(undefined);

  const loadCards = useCallback(async () => {
    setCards({ kind: 'loading' });
    const outcome = await listSavedCards(locale);
    if (outcome.ok) setCards({ kind: 'ready', items: outcome.data });
    else if (!handleUnauthorized(outcome.problem)) setCards({ kind: 'failed', message: t('cardsFailed') });
  }, [locale, t]);

  useEffect(() => {
    void loadCards();
    void creditBalance(locale).then((outcome) => outcome.ok && setBalance(outcome.data));
    void unseenCouponCount(locale).then((outcome) => outcome.ok && setUnseen(outcome.data));
  }, []);

  // After a deletion the keyboard stays in the list: the next card's button, else the heading.
  useEffect(() => {
    const target = focusAfter.current;
    if (target === undefined) return;
    focusAfter.current = undefined;
    if (target) deleteButtons.current.get(target)?.focus();
    else cardsHeading.current?.focus();
  }, [cards]);

  const brand = (card: SavedCard) => t(`brand_${card.brand}` as Key);

  async function remove(card: SavedCard) {
    if (deleting || cards.kind !== 'ready') return;
    setDeleting(card.id);
    setFailure('');
    setAnnouncement('');
    const outcome = await deleteSavedCard(locale, card.id);
    setDeleting(null);
    if (!outcome.ok) {
      if (!handleUnauthorized(outcome.problem)) setFailure(t('deleteFailed', { reason: outcome.problem.message }));
      return;
    }
    const remaining = outcome.data ?? cards.items.filter((item) => item.id !== card.id);
    const index = cards.items.findIndex((item) => item.id === card.id);
    focusAfter.current = (remaining[index] ?? remaining[index - 1])?.id ?? null;
    setCards({ kind: 'ready', items: remaining });
    setAnnouncement(t('cardDeleted', { brand: brand(card), last4: card.last4 }));
  }

  const href = (route: string) => localizePath(route, locale);
  const sections: { route: string; title: string; text: string; extra?: string | null }[] = [
    { route: ROUTES.orders, title: t('orders'), text: t('ordersText') },
    { route: ROUTES.addresses, title: t('addresses'), text: t('addressesText') },
    { route: ROUTES.coupons, title: t('coupons'), text: t('couponsText'), extra: unseen > 0 ? t('couponsNew', { count: unseen }) : null },
    { route: ROUTES.credit, title: t('credit'), text: t('creditText'), extra: balance !== null ? t('creditBalance', { amount: formatPrice(balance, locale) }) : null },
    { route: ROUTES.referFriend, title: t('referFriend'), text: t('referFriendText', { amount: formatPrice(referralRewardCents, locale) }) },
    { route: ROUTES.favorites, title: t('favorites'), text: t('favoritesText') },
    { route: ROUTES.settings, title: t('settings'), text: t('settingsText') },
  ];

  return (
    <div className="account-screen overview">
      <nav aria-label={t('sectionsLabel')}>
        <ul className="overview__links">
          {sections.map((section) => (
            <li key={section.route} className="account-item overview__link">
              <a href={href(section.route)}>{section.title}</a>
              <p className="account-muted">{section.text}</p>
              {section.extra && <p className="overview__extra">{section.extra}</p>}
            </li>
          ))}
        </ul>
      </nav>

      <section className="account-panel" aria-labelledby="overview-cards-heading">
        <h2 id="overview-cards-heading" ref={cardsHeading} tabIndex={-1}>
          {t('cardsHeading')}
        </h2>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {failure && (
          <p className="account-failed" role="alert">
            {failure}
          </p>
        )}
        {cards.kind === 'loading' && <p>{t('cardsLoading')}</p>}
        {cards.kind === 'failed' && (
          <div className="account-failed" role="alert">
            <p>{cards.message}</p>
            <button type="button" className="account-button account-button--secondary" onClick={() => void loadCards()}>
              {t('retry')}
            </button>
          </div>
        )}
        {cards.kind === 'ready' && cards.items.length === 0 && (
          <div className="account-empty">
            <h3>{t('cardsEmptyTitle')}</h3>
            <p>{t('cardsEmptyBody')}</p>
          </div>
        )}
        {cards.kind === 'ready' && cards.items.length > 0 && (
          <ul className="account-list">
            {cards.items.map((card) => (
              <li key={card.id} className="account-item overview__card">
                <p>
                  <strong>{t('cardLabel', { brand: brand(card), last4: card.last4 })}</strong>
                  <br />
                  <span className="account-muted">{t('cardExpires', { month: two(card.exp_month), year: card.exp_year })}</span>
                </p>
                <button
                  type="button"
                  className="account-button account-button--secondary"
                  aria-disabled={deleting === card.id || undefined}
                  aria-label={`${deleting === card.id ? t('deleting') : t('deleteCard')}: ${t('deleteCardContext', { brand: brand(card), last4: card.last4 })}`}
                  ref={(element) => {
                    if (element) deleteButtons.current.set(card.id, element);
                    else deleteButtons.current.delete(card.id);
                  }}
                  onClick={() => void remove(card)}
                >
                  {deleting === card.id ? t('deleting') : t('deleteCard')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
