import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import { formatNumber, formatPrice } from '../../../platform/i18n/format';
import { formatShopTime as formatTime } from '../../../platform/i18n/shop-time-format';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { followTopic, requestStreamUrl } from '../../../platform/realtime/browser';
import { topicOf } from '../../../platform/realtime/topics';
import { ROUTES } from '../../../ui/layout/routes';
import { handleUnauthorized } from '../../accounts/client';
import { fetchOrder, type Order } from '../../orders/client';
import { etaMinutes, remainingKm, type Point } from '../model/geo';
import { DELIVERY_POSITION_EVENT, type DeliveryPositionEventData } from '../model/handover';
import type { TrackingText } from './tracking-text';
import type { MissedDeliveryView } from './MissedDelivery';
import { TrackingStages } from './TrackingStages';
import './delivery.css';

// Leaflet and its CSS load only when an order is in transit.
const DeliveryMap = lazy(() => import('./DeliveryMap'));
// The missed-delivery choices (new slot, pickup, neighbour) only after a courier found no one.
const MissedDelivery = lazy(() => import('./MissedDelivery').then((module) => ({ default: module.MissedDelivery })));

interface Coordinates {
  courier: (Point & { at: string }) | null;
  pharmacy: Point;
  destination: Point;
  path: Point[];
}

const FINAL_BAD = ['rejected', 'expired', 'cancelled', 'refunded'];
const LIVE = ['pending', 'paid', 'packed', 'in_transit'];
const POLL_MS = 10_000;
const BRAND: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
};

const idFromUrl = () => new URLSearchParams(location.search).get('id')?.trim() ?? '';

/**
 * The tracking screen of the order page (spec §4): the four stages with the time each was reached,
 * live through the order's event stream; while in transit a map with the pharmacy, the courier and
 * the destination, the remaining distance and ETA as live text; after "nobody home" the choice of
 * a new delivery time or pickup at the pharmacy, then what happens next; for rejected, expired, withdrawn and refunded orders what happened and what came back. The
 * footer leads to help and to the order's details.
 */
export default function OrderTracking({ locale, text }: { locale: Locale; text: TrackingText }) {
  const t = tableTranslator(text);
  const [order, setOrder] = useState<Order | null>(null);
  const [coordinates, setCoordinates] = useState<Coordinates | null>(null);
  const [coordinatesError, setCoordinatesError] = useState<string | null>(null);
  const [tiles, setTiles] = useState<{ url: string; attribution: string } | null | undefined>(undefined);
  const [announced, setAnnounced] = useState('');
  const [missed, setMissed] = useState<MissedDeliveryView | null>(null);
  const orderRef = useRef<Order | null>(null);

  const loadCoordinates = useCallback(
    async (id: string) => {
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}/delivery-coordinates', { params: { path: { id } } }), locale);
      if (outcome.ok) {
        setCoordinates(outcome.data);
        setCoordinatesError(null);
      } else if (!handleUnauthorized(outcome.problem)) {
        // 404: no longer in transit (the status event follows); anything else: say so with the server's words.
        if (outcome.problem.status !== 404) setCoordinatesError(outcome.problem.message);
        setCoordinates(null);
      }
    },
    [locale],
  );

  const loadMissed = useCallback(
    async (id: string) => {
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/{id}/missed-delivery', { params: { path: { id } } }), locale);
      if (outcome.ok) setMissed(outcome.data);
      else if (!handleUnauthorized(outcome.problem)) setMissed(null);
    },
    [locale],
  );

  const load = useCallback(async () => {
    const id = idFromUrl();
    if (!id) return null;
    const outcome = await fetchOrder(id, locale);
    if (!outcome.ok) {
      handleUnauthorized(outcome.problem);
      return orderRef.current;
    }
    orderRef.current = outcome.data;
    setOrder(outcome.data);
    if (outcome.data.status === 'in_transit') await loadCoordinates(id);
    else setCoordinates(null);
    // Brought back by the courier at least once: what the customer can choose, or chose.
    if (outcome.data.status === 'packed' && outcome.data.picked_up_at) await loadMissed(id);
    else setMissed(null);
    return outcome.data;
  }, [locale, loadCoordinates, loadMissed]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void load().then((first) => {
      if (cancelled || !first || !LIVE.includes(first.status)) return;
      stop = followTopic({
        streamUrl: async () => {
          const outcome = await requestStreamUrl(apiClient(locale), topicOf('order', first.id), locale);
          if (outcome.ok) return outcome.data;
          handleUnauthorized(outcome.problem);
          return null;
        },
        onEvent: (event) => {
          if (event.type === DELIVERY_POSITION_EVENT) {
            const data = event.data as DeliveryPositionEventData;
            setCoordinates((current) =>
              current
                ? {
                    ...current,
                    courier: { lat: data.lat, lng: data.lng, at: data.at },
                    path: [...current.path, { lat: data.lat, lng: data.lng }],
                  }
                : current,
            );
            return;
          }
          void load().then((fresh) => {
            if (fresh && !LIVE.includes(fresh.status)) stop?.();
          });
        },
        onReady: (resumed) => {
          if (!resumed) void load();
        },
        fallback: () => {
          const timer = setInterval(() => void load(), POLL_MS);
          return () => clearInterval(timer);
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [load, locale]);

  const inTransit = order?.status === 'in_transit';
  useEffect(() => {
    if (!inTransit || tiles !== undefined) return;
    void attempt(() => apiClient(locale).GET('/api/v1/map-config'), locale).then((outcome) => {
      setTiles(
        outcome.ok && outcome.data.tile_url
          ? {
              url: outcome.data.tile_url,
              attribution: outcome.data.attribution ?? '',
            }
          : null,
      );
    });
  }, [inTransit, tiles, locale]);

  // Distance and ETA for screen readers: announced when the minutes change, not with every position.
  const courier = coordinates?.courier ?? null;
  const minutes = courier && coordinates ? etaMinutes(courier, coordinates.destination) : null;
  const distanceText = courier && coordinates ? formatDistance(remainingKm(courier, coordinates.destination), locale) : '';
  const description = courier && minutes !== null ? (minutes === 0 ? t('courierArriving') : t('courierDistance', { distance: distanceText, minutes })) : t('waitingForCourier');
  const lastMinutes = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    // Only a new ETA (or arrival) is worth interrupting for.
    if (!inTransit || lastMinutes.current === minutes) return;
    lastMinutes.current = minutes;
    setAnnounced(description);
  }, [inTransit, minutes, description]);

  if (!order) return null;
  const status = order.status;

  const showOrder = () => {
    const target = document.getElementById('order-items');
    if (!target) return;
    target.setAttribute('tabindex', '-1');
    target.scrollIntoView({ block: 'start' });
    target.focus();
  };

  return (
    <section className="tracking" aria-labelledby="tracking-heading">
      <h2 id="tracking-heading">{t('heading')}</h2>

      {FINAL_BAD.includes(status) ? <Outcome order={order} locale={locale} text={text} /> : <TrackingStages order={order} locale={locale} text={text} />}

      {missed && status === 'packed' && (
        <Suspense fallback={null}>
          <MissedDelivery order={order} view={missed} locale={locale} text={text} onChanged={setMissed} />
        </Suspense>
      )}

      {inTransit && coordinates && (
        <div className="tracking-map">
          <h3>{t('mapHeading')}</h3>
          <p className="tracking-map__text">
            {description}
            {courier && <> {t('lastSeen', { time: formatTime(courier.at, locale) })}</>}
          </p>
          <p className="visually-hidden" role="status" aria-live="polite">
            {announced}
          </p>
          <ul className="tracking-legend" aria-hidden="true">
            <li className="tracking-legend__pharmacy">{t('legendPharmacy')}</li>
            <li className="tracking-legend__courier">{t('legendCourier')}</li>
            <li className="tracking-legend__destination">{t('legendDestination')}</li>
          </ul>
          {tiles !== undefined && (
            <Suspense fallback={<p>{t('mapLoading')}</p>}>
              <DeliveryMap
                pharmacy={coordinates.pharmacy}
                destination={coordinates.destination}
                courier={courier}
                path={coordinates.path}
                tiles={tiles}
                labels={{
                  map: `${t('mapLabel')}. ${description}`,
                  pharmacy: t('legendPharmacy'),
                  courier: t('legendCourier'),
                  destination: t('legendDestination'),
                }}
              />
            </Suspense>
          )}
          {tiles === null && <p className="tracking-hint">{t('noTiles')}</p>}
          {tiles && <p className="tracking-hint">{tiles.attribution}</p>}
        </div>
      )}
      {inTransit && coordinatesError && (
        <p className="tracking-hint" role="alert">
          {t('coordinatesFailed', { message: coordinatesError })}
        </p>
      )}

      <nav className="tracking-footer" aria-label={t('footerLabel')}>
        <a className="tracking-button" href={localizePath(ROUTES.help, locale)}>
          {t('help')}
        </a>
        <button type="button" className="tracking-button" onClick={showOrder}>
          {t('yourOrder')}
        </button>
      </nav>
    </section>
  );
}

function formatDistance(km: number, locale: Locale): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${formatNumber(km, locale, 1)} km`;
}

/** What happened to an order that did not go through (or came back), and what the customer got back. */
function Outcome({ order, locale, text }: { order: Order; locale: Locale; text: TrackingText }) {
  const t = tableTranslator(text);
  const price = (cents: number) => formatPrice(cents, locale);
  const status = order.status;
  const reason = status === 'refunded' ? order.refund_reason : status === 'rejected' && order.rejected_by !== 'timeout' ? order.rejection_reason : null;
  const headline =
    status === 'refunded'
      ? t('outcomeRefunded')
      : status === 'cancelled'
        ? t('outcomeCancelled')
        : status === 'expired' || order.rejected_by === 'timeout'
          ? t('outcomeExpired')
          : t('outcomeRejected');
  const payment = order.payment;
  const card = payment ? `${BRAND[payment.brand] ?? payment.brand} •••• ${payment.last4}` : '';
  const back: string[] = [];
  if (payment && payment.state === 'refunded') back.push(t('refundCard', { amount: price(payment.amount_cents), card }));
  if (payment && payment.state === 'released') back.push(t('refundCardReleased', { amount: price(payment.amount_cents), card }));
  // A return after delivery keeps the coupon used and the credit spent (the order counted).
  const beforeDelivery = !order.delivered_at;
  if (order.totals.wallet_cents > 0 && beforeDelivery) back.push(t('refundCredit', { amount: price(order.totals.wallet_cents) }));
  if (order.coupon?.code) back.push(beforeDelivery ? t('refundCoupon', { code: order.coupon.code }) : t('refundCouponKept', { code: order.coupon.code }));
  if (back.length === 0) back.push(t('refundNothing'));
  return (
    <div className="tracking-outcome">
      <p>
        <strong>{headline}</strong>
      </p>
      {reason && <p>{t('outcomeReason', { reason })}</p>}
      <h3>{t('refundHeading')}</h3>
      <ul>
        {back.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
