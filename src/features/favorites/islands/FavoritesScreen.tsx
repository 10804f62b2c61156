import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatPrice } from '../../../platform/i18n/format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { ROUTES } from '../../../ui/layout/routes';
import { getToken } from '../../../platform/api-client/token';
import { $selectedPharmacy, availabilityView, choosePharmacyText, fetchAvailability, type AvailabilityMap } from '../../pharmacies/client';
import { failureText } from '../browser/favorite-controls';
import { listFavorites, removeFavorite, type FavoriteProduct } from '../browser/favorites-api';
import { favoritesMessages } from '../i18n/messages';
import { favoritesPageMessages } from '../i18n/page-messages';
import { cacheOwner, updateFavoritesCache, writeFavoritesCache } from '../model/favorites-cache';
import { tabStorage } from '../model/tab-storage';
import { focusAfterRemoval } from './favorites-list-model';

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; items: FavoriteProduct[] };

/** The product page of a favourite (same rule as the catalogue's prebuilt pages). */
const productHref = (product: FavoriteProduct, locale: Locale) => localizePath(`/shop/product/${product.slug}/`, locale);

function keepCache(items: readonly FavoriteProduct[]): void {
  const token = getToken();
  if (token) writeFavoritesCache(tabStorage(), cacheOwner(token), items.map((item) => item.pzn), Date.now());
}

/**
 * The favourites page (/shop/favorites, protected): every saved product with its price and its
 * availability at the selected pharmacy, and a way to remove it. Removing keeps the keyboard in
 * place (focus moves to the neighbouring item, or to the empty state) and is announced.
 */
export default function FavoritesScreen({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(favoritesPageMessages, locale), [locale]);
  const toggle = useMemo(() => translator(favoritesMessages, locale), [locale]);
  const pharmacy = useStore($selectedPharmacy);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [availability, setAvailability] = useState<AvailabilityMap>(new Map());
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const focusNext = useRef<{ target: string | null } | null>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const emptyHeading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const outcome = await listFavorites(locale);
    if (outcome.ok) {
      keepCache(outcome.data);
      setState({ kind: 'ready', items: outcome.data });
    } else setState({ kind: 'failed', message: failureText(outcome.problem, t('loadFailed')) });
  }, [locale, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const items = state.kind === 'ready' ? state.items : null;
  const pznKey = items?.map((item) => item.pzn).join(',') ?? '';
  useEffect(() => {
    if (!pharmacy || pznKey === '') {
      setAvailability(new Map());
      return;
    }
    let current = true;
    void fetchAvailability(pharmacy.id, pznKey.split(',')).then((answer) => {
      if (current) setAvailability(answer);
    });
    return () => {
      current = false;
    };
  }, [pharmacy, pznKey]);

  useEffect(() => {
    const pending = focusNext.current;
    if (!pending) return;
    focusNext.current = null;
    if (pending.target === null) emptyHeading.current?.focus();
    else removeButtons.current.get(pending.target)?.focus();
  }, [state]);

  async function remove(product: FavoriteProduct): Promise<void> {
    if (!items || removing.has(product.pzn)) return;
    setRemoving((current) => new Set(current).add(product.pzn));
    const outcome = await removeFavorite(locale, product.pzn);
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(product.pzn);
      return next;
    });
    if (!outcome.ok) {
      void showToast({ type: 'error', title: toggle('updateFailed'), description: failureText(outcome.problem, toggle('networkError')) });
      return;
    }
    const token = getToken();
    if (token) updateFavoritesCache(tabStorage(), cacheOwner(token), product.pzn, false, Date.now());
    focusNext.current = { target: focusAfterRemoval(items.map((item) => item.pzn), product.pzn) };
    setState((current) => (current.kind === 'ready' ? { kind: 'ready', items: current.items.filter((item) => item.pzn !== product.pzn) } : current));
    setAnnouncement(t('removedAnnouncement', { name: product.name, pack: product.package.label[locale] }));
  }

  return (
    <div className="favorites">
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {state.kind === 'loading' && <p className="favorites__loading">{t('loading')}</p>}
      {state.kind === 'failed' && (
        <div className="favorites__failed" role="alert">
          <p>{state.message}</p>
          <button type="button" className="favorites__button" onClick={() => void load()}>
            {t('retry')}
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <div className="favorites__empty">
          <h2 ref={emptyHeading} tabIndex={-1}>
            {t('emptyTitle')}
          </h2>
          <p>{t('emptyBody')}</p>
          <a className="favorites__button" href={localizePath(ROUTES.home, locale)}>
            {t('browseShop')}
          </a>
        </div>
      )}
      {items && items.length > 0 && (
        <>
          <p className="favorites__count">{items.length === 1 ? t('countOne') : t('count', { count: items.length })}</p>
          {!pharmacy && (
            <p className="favorites__choose">
              <a href={localizePath(ROUTES.pharmacies, locale)}>{choosePharmacyText(locale)}</a>
            </p>
          )}
          <ul className="favorites__list" aria-label={t('listLabel')}>
            {items.map((product) => {
              const status = availability.get(product.pzn);
              const view = status && pharmacy ? availabilityView(status, pharmacy.name, locale) : null;
              const discounted = product.wasPriceCents !== null && product.wasPriceCents > product.priceCents;
              return (
                <li key={product.pzn} className="favorites__item">
                  <img className="favorites__image" src={product.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />
                  <div className="favorites__body">
                    <h2 className="favorites__name">
                      <a href={productHref(product, locale)}>{product.name}</a>
                    </h2>
                    <p className="favorites__meta">
                      {product.brand} · {product.package.label[locale]}
                    </p>
                    {product.prescriptionRequired && <p className="favorites__rx">{t('prescription')}</p>}
                    <p className="favorites__price">
                      {discounted && product.wasPriceCents !== null && (
                        <s className="favorites__was">
                          <span className="visually-hidden">{t('wasPrice')}: </span>
                          {formatPrice(product.wasPriceCents, locale)}
                        </s>
                      )}
                      <span className="visually-hidden">{t('currentPrice')}: </span>
                      <span className="favorites__amount">{formatPrice(product.priceCents, locale)}</span>
                      <span className="favorites__sub">{t('inclVat')}</span>
                      {product.basePrice && (
                        <span className="favorites__sub">
                          {t('basePrice', { price: formatPrice(product.basePrice.cents, locale), unit: product.basePrice.per })}
                        </span>
                      )}
                    </p>
                    <p className={view ? `availability ${view.className}` : 'availability'} title={view?.text}>
                      {view?.text}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="favorites__remove"
                    aria-label={t('removeLabel', { name: product.name, pack: product.package.label[locale] })}
                    aria-disabled={removing.has(product.pzn) || undefined}
                    ref={(element) => {
                      if (element) removeButtons.current.set(product.pzn, element);
                      else removeButtons.current.delete(product.pzn);
                    }}
                    onClick={() => void remove(product)}
                  >
                    {t('remove')}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
