import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient, attempt, type Problem } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { handleUnauthorized } from '../../accounts/client';
import { formatShopTime as formatTime } from '../../../platform/i18n/shop-time-format';
import { POSITION_INTERVAL_MS } from '../model/geo';
import type { Receiver } from '../model/handover';
import { courierMessages } from '../i18n/courier-messages';
import './delivery.css';

type Delivery = components['schemas']['CourierDelivery'];
type Phase = 'loading' | 'ready' | 'forbidden' | 'error';
/** New handovers appear without a reload. */
const REFRESH_MS = 20_000;

interface Sharing {
  watchId: number;
  timer: ReturnType<typeof setInterval>;
  latest: { lat: number; lng: number; accuracy: number } | null;
  sentKey: string;
}

/**
 * The courier app (/courier/): the deliveries handed to this courier. "Start delivery" shares the
 * device's position (watchPosition, high accuracy), sending the latest one every few seconds while
 * the delivery runs; "Delivered" asks who took the parcel; "Nobody home" brings it back. Sharing
 * stops when the delivery ends or the page closes.
 */
export default function CourierApp({ locale }: { locale: Locale }) {
  const t = translator(courierMessages, locale);
  const [phase, setPhase] = useState<Phase>('loading');
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{
    orderId: string;
    kind: 'delivered' | 'nobody-home';
  } | null>(null);
  const [receiver, setReceiver] = useState<Receiver>('customer');
  const [lastSent, setLastSent] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const sharing = useRef(new Map<string, Sharing>());

  const fail = useCallback((problem: Problem) => {
    if (handleUnauthorized(problem)) return;
    if (problem.status === 403) setPhase('forbidden');
  }, []);

  const stopSharing = useCallback((orderId: string) => {
    const current = sharing.current.get(orderId);
    if (!current) return;
    navigator.geolocation?.clearWatch(current.watchId);
    clearInterval(current.timer);
    sharing.current.delete(orderId);
  }, []);

  const send = useCallback(
    async (orderId: string) => {
      const current = sharing.current.get(orderId);
      const point = current?.latest;
      if (!current || !point) return;
      const key = `${point.lat},${point.lng}`;
      if (key === current.sentKey) return;
      current.sentKey = key;
      const outcome = await attempt(
        () =>
          apiClient(locale).POST('/api/v1/courier/deliveries/{orderId}/positions', {
            params: { path: { orderId } },
            body: {
              lat: point.lat,
              lng: point.lng,
              accuracy: point.accuracy,
            },
          }),
        locale,
      );
      if (outcome.ok) {
        setLastSent((all) => ({ ...all, [orderId]: outcome.data.at }));
        return;
      }
      // The delivery ended elsewhere (or was never ours): stop sending.
      if (outcome.problem.status === 404) stopSharing(orderId);
      fail(outcome.problem);
    },
    [fail, locale, stopSharing],
  );

  const startSharing = useCallback(
    (orderId: string) => {
      if (sharing.current.has(orderId)) return;
      if (!('geolocation' in navigator)) {
        setErrors((all) => ({ ...all, [orderId]: t('geoUnsupported') }));
        return;
      }
      const entry: Sharing = {
        watchId: -1,
        timer: setInterval(() => void send(orderId), POSITION_INTERVAL_MS),
        latest: null,
        sentKey: '',
      };
      sharing.current.set(orderId, entry);
      entry.watchId = navigator.geolocation.watchPosition(
        (position) => {
          const first = entry.latest === null;
          entry.latest = {
            lat: position.coords.latitude,
            lng: position.coords.longitude,
            accuracy: position.coords.accuracy,
          };
          setErrors((all) => ({ ...all, [orderId]: '' }));
          if (first) void send(orderId);
        },
        () => setErrors((all) => ({ ...all, [orderId]: t('geoDenied') })),
        { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
      );
    },
    [send, t],
  );

  const load = useCallback(async () => {
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/courier/deliveries'), locale);
    if (!outcome.ok) {
      fail(outcome.problem);
      if (outcome.problem.status !== 401 && outcome.problem.status !== 403) setPhase((current) => (current === 'ready' ? current : 'error'));
      return;
    }
    setDeliveries(outcome.data.deliveries);
    setPhase('ready');
    const open = new Set(outcome.data.deliveries.map((d) => d.order_id));
    // Resume sharing for running deliveries (a reloaded page); stop for ended ones.
    for (const delivery of outcome.data.deliveries) if (delivery.state === 'running') startSharing(delivery.order_id);
    for (const orderId of [...sharing.current.keys()]) if (!open.has(orderId)) stopSharing(orderId);
  }, [fail, locale, startSharing, stopSharing]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_MS);
    const all = sharing.current;
    return () => {
      clearInterval(timer);
      for (const orderId of [...all.keys()]) stopSharing(orderId);
    };
  }, [load, stopSharing]);

  async function start(delivery: Delivery) {
    setBusy(delivery.order_id);
    const outcome = await attempt(
      () =>
        apiClient(locale).POST('/api/v1/courier/deliveries/{orderId}/start', {
          params: { path: { orderId: delivery.order_id } },
        }),
      locale,
    );
    setBusy(null);
    if (!outcome.ok) {
      fail(outcome.problem);
      setErrors((all) => ({
        ...all,
        [delivery.order_id]: outcome.problem.message,
      }));
      return;
    }
    setDeliveries((all) => all.map((d) => (d.order_id === delivery.order_id ? { ...d, state: 'running' } : d)));
    setStatus(t('started', { number: delivery.order_number }));
    startSharing(delivery.order_id);
  }

  async function finish(delivery: Delivery, kind: 'delivered' | 'nobody-home') {
    setBusy(delivery.order_id);
    const path = { params: { path: { orderId: delivery.order_id } } };
    const outcome = await attempt(
      () =>
        kind === 'delivered'
          ? apiClient(locale).POST('/api/v1/courier/deliveries/{orderId}/delivered', { ...path, body: { received_by: receiver } })
          : apiClient(locale).POST('/api/v1/courier/deliveries/{orderId}/nobody-home', path),
      locale,
    );
    setBusy(null);
    if (!outcome.ok) {
      fail(outcome.problem);
      setErrors((all) => ({
        ...all,
        [delivery.order_id]: outcome.problem.message,
      }));
      return;
    }
    stopSharing(delivery.order_id);
    setConfirming(null);
    setDeliveries((all) => all.filter((d) => d.order_id !== delivery.order_id));
    setStatus(
      t(kind === 'delivered' ? 'doneDelivered' : 'doneReturned', {
        number: delivery.order_number,
      }),
    );
    document.getElementById('courier-heading')?.focus();
  }

  if (phase === 'loading') return <p role="status">{t('loading')}</p>;
  if (phase === 'forbidden') return <p className="courier-error">{t('forbidden')}</p>;
  if (phase === 'error') {
    return (
      <div role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="courier-button" onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="courier-app">
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <h2 id="courier-heading" tabIndex={-1}>
        {t('listHeading')}
      </h2>
      {deliveries.length === 0 && <p>{t('empty')}</p>}
      <ul className="courier-list">
        {deliveries.map((delivery) => {
          const id = delivery.order_id;
          const address = delivery.address;
          const open = confirming?.orderId === id ? confirming.kind : null;
          const error = errors[id];
          return (
            <li key={id} className="courier-card">
              <article aria-labelledby={`courier-order-${id}`}>
                <h3 id={`courier-order-${id}`}>{t('order', { number: delivery.order_number })}</h3>
                <dl>
                  <div>
                    <dt>{t('from')}</dt>
                    <dd>
                      {delivery.pharmacy.name}, {delivery.pharmacy.street} {delivery.pharmacy.house_number}, {delivery.pharmacy.postal_code} {delivery.pharmacy.city}
                    </dd>
                  </div>
                  {address && (
                    <div>
                      <dt>{t('to')}</dt>
                      <dd>
                        {address.street_address} {address.house_number}
                        {address.room ? `, ${address.room}` : ''}, {address.postal_code} {address.locality}
                      </dd>
                    </div>
                  )}
                  {delivery.customer_name && (
                    <div>
                      <dt>{t('customer')}</dt>
                      <dd>{delivery.customer_name}</dd>
                    </div>
                  )}
                  {delivery.phone && (
                    <div>
                      <dt>{t('phone')}</dt>
                      <dd>
                        <a href={`tel:${delivery.phone.replace(/[^\d+]/g, '')}`}>{delivery.phone}</a>
                      </dd>
                    </div>
                  )}
                  {address?.note && (
                    <div>
                      <dt>{t('note')}</dt>
                      <dd>{address.note}</dd>
                    </div>
                  )}
                  {delivery.delivery_window && (
                    <div>
                      <dt>{t('window')}</dt>
                      <dd>
                        {formatTime(delivery.delivery_window.start, locale)}–{formatTime(delivery.delivery_window.end, locale)}
                      </dd>
                    </div>
                  )}
                </dl>
                {error && <p className="courier-error">{error}</p>}
                {delivery.state === 'running' && (
                  <p className="courier-status">
                    {t('sharing')}{' '}
                    {lastSent[id]
                      ? t('lastSent', {
                          time: formatTime(lastSent[id], locale),
                        })
                      : t('noPositionYet')}
                  </p>
                )}
                <div className="courier-actions">
                  {delivery.state === 'assigned' && (
                    <button type="button" className="courier-button courier-button--primary" disabled={busy === id} onClick={() => void start(delivery)}>
                      {t('start')}
                    </button>
                  )}
                  {delivery.state === 'running' && !open && (
                    <>
                      <button type="button" className="courier-button courier-button--primary" onClick={() => setConfirming({ orderId: id, kind: 'delivered' })}>
                        {t('delivered')}
                      </button>
                      <button type="button" className="courier-button" onClick={() => setConfirming({ orderId: id, kind: 'nobody-home' })}>
                        {t('nobodyHome')}
                      </button>
                    </>
                  )}
                </div>
                {open === 'delivered' && (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault();
                      void finish(delivery, 'delivered');
                    }}
                  >
                    <fieldset className="courier-confirm">
                      <legend>{t('receivedBy')}</legend>
                      <label>
                        <input type="radio" name={`receiver-${id}`} value="customer" checked={receiver === 'customer'} onChange={() => setReceiver('customer')} />
                        {t('receivedCustomer')}
                      </label>
                      <label>
                        <input
                          type="radio"
                          name={`receiver-${id}`}
                          value="adult_at_address"
                          checked={receiver === 'adult_at_address'}
                          onChange={() => setReceiver('adult_at_address')}
                        />
                        {t('receivedAdult')}
                      </label>
                      <p className="tracking-hint">{t('neverNeighbour')}</p>
                      <div className="courier-actions">
                        <button type="submit" className="courier-button courier-button--primary" disabled={busy === id}>
                          {t('confirmDelivered')}
                        </button>
                        <button type="button" className="courier-button" onClick={() => setConfirming(null)}>
                          {t('cancel')}
                        </button>
                      </div>
                    </fieldset>
                  </form>
                )}
                {open === 'nobody-home' && (
                  <div className="courier-confirm">
                    <p>{t('confirmNobodyHome')}</p>
                    <div className="courier-actions">
                      <button type="button" className="courier-button courier-button--primary" disabled={busy === id} onClick={() => void finish(delivery, 'nobody-home')}>
                        {t('confirmReturn')}
                      </button>
                      <button type="button" className="courier-button" onClick={() => setConfirming(null)}>
                        {t('cancel')}
                      </button>
                    </div>
                  </div>
                )}
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
