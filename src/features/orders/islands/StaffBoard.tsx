import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { localizePath } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { ROUTES } from '../../../ui/layout/routes';
import { orderLabelText } from '../model/public';
import { staffMessages } from '../i18n/staff-messages';
import { apiClient, attempt, type Problem } from '../../../platform/api-client';
import { followTopic, requestStreamUrl } from '../../../platform/realtime/browser';
import { topicOf } from '../../../platform/realtime/topics';
import { handleUnauthorized } from '../../accounts/client';
import type { PharmacyOrder } from '../browser/api-types';
import { formatShopTime as formatTime } from '../../../platform/i18n/shop-time-format';
import { startPoller } from '../browser/poller';
import { groupStaffOrders, type StaffAction } from '../browser/staff';
import { playOfferSound, soundPreference, storeSoundPreference } from '../browser/offer-sound';
import type { RefundChoice } from './RefundDialog';
import { StaffOrderCard } from './StaffOrderCard';
import './orders.css';

// The dialogs open only from a card's button, so their code loads then (issue 16's JS budget).
const RejectDialog = lazy(() => import('./RejectDialog').then((module) => ({ default: module.RejectDialog })));
const RefundDialog = lazy(() => import('./RefundDialog').then((module) => ({ default: module.RefundDialog })));
const TrackingDialog = lazy(() => import('./TrackingDialog').then((module) => ({ default: module.TrackingDialog })));

type Phase = 'loading' | 'ready' | 'forbidden' | 'error';
type Dialog = { kind: 'reject' | 'refund' | 'tracking'; order: PharmacyOrder } | null;

/** Without a live stream (refused, blocked) the queue looks for new offers this often. */
const REFRESH_MS = 20_000;

interface Me {
  role: 'pharmacist' | 'manager' | 'operator';
  pharmacy_id: string | null;
}

/** The queue's status filter: the API's comma-separated statuses per choice ('' is every placed order). */
const STATUS_FILTERS = { all: '', pending: 'pending', working: 'paid,packed', in_transit: 'in_transit', delivered: 'delivered,closed', ended: 'rejected,cancelled,expired,refunded' } as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

/**
 * The order queue of the back office (/pharmacy/, and the older /staff/): the orders of the staff
 * member's pharmacy (operators: every pharmacy or one they pick), pending offers first. New offers
 * arrive live on `pharmacy:<id>` (a sound that can be turned off, the count in the tab title),
 * each with the time left to answer. Accept, reject with a reason, the pharmaceutical check,
 * packed, handed to the courier or the parcel service (tracking number), handed over at the
 * counter; refund (whole or single lines) with a confirmation, as money moves.
 */
export default function StaffBoard({ locale }: { locale: Locale }) {
  // Stable per language: callbacks that use it must not change on every render.
  const t = useMemo(() => translator(staffMessages, locale), [locale]);
  const [phase, setPhase] = useState<Phase>('loading');
  const [orders, setOrders] = useState<PharmacyOrder[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [me, setMe] = useState<Me | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [pharmacies, setPharmacies] = useState<{ id: string; name: string }[]>([]);
  const [live, setLive] = useState(false);
  const [sound, setSound] = useState(true);
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [couriers, setCouriers] = useState<{ id: string; name: string }[]>([]);
  const opener = useRef<HTMLButtonElement | null>(null);
  const known = useRef<Set<string> | null>(null);
  const baseTitle = useRef<string>('');
  const soundRef = useRef(sound);
  soundRef.current = sound;

  const pharmacy = me?.role === 'operator' ? chosen : (me?.pharmacy_id ?? '');

  const fail = useCallback((problem: Problem): void => {
    if (handleUnauthorized(problem)) return;
    if (problem.status === 403) setPhase('forbidden');
  }, []);

  const load = useCallback(
    async (announce = false) => {
      const query = { ...(pharmacy ? { pharmacy } : {}), ...(STATUS_FILTERS[statusFilter] ? { status: STATUS_FILTERS[statusFilter] } : {}) };
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/orders', { params: { query } }), locale);
      if (outcome.ok) {
        const list = outcome.data.orders;
        setSkew(Date.parse(outcome.data.now) - Date.now());
        // Offers not seen before: announce them (and ring) unless this is the first look.
        const pendingIds = list.filter((order) => order.status === 'pending').map((order) => order.id);
        if (known.current) {
          const fresh = list.filter((order) => order.status === 'pending' && !known.current!.has(order.id));
          if (fresh.length > 0) {
            setStatus(fresh.map((order) => t('newOffer', { number: order.order_number })).join(' '));
            if (soundRef.current) playOfferSound();
          }
        }
        known.current = new Set([...(known.current ?? []), ...pendingIds]);
        setOrders(list);
        setPhase('ready');
        if (announce) setStatus(t('refreshed', { time: formatTime(new Date().toISOString(), locale) }));
        return;
      }
      fail(outcome.problem);
      if (outcome.problem.status !== 401 && outcome.problem.status !== 403) setPhase((current) => (current === 'ready' ? current : 'error'));
    },
    [fail, locale, t, pharmacy, statusFilter],
  );

  // Who is working: their pharmacy (operators pick one, or see all).
  useEffect(() => {
    setSound(soundPreference());
    baseTitle.current = document.title;
    void (async () => {
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/me'), locale);
      if (!outcome.ok) {
        fail(outcome.problem);
        if (outcome.problem.status !== 401 && outcome.problem.status !== 403) setPhase('error');
        return;
      }
      setMe(outcome.data);
      if (outcome.data.role === 'operator') {
        const list = await attempt(() => apiClient(locale).GET('/api/shop/v1/pharmacies'), locale);
        if (list.ok) setPharmacies(list.data.items.map((item) => ({ id: item.id, name: `${item.name}, ${item.address.city}` })));
      }
    })();
  }, [fail, locale]);

  // The latest load for the long-lived stream callbacks (a new render must not restart the stream).
  const loadRef = useRef(load);
  loadRef.current = load;

  // Follow the pharmacy's topic; without a stream (or for "all pharmacies") poll.
  useEffect(() => {
    if (!me) return;
    known.current = null;
    let stopped = false;
    let stop: (() => void) | null = null;
    const load = () => loadRef.current();
    const poll = () => startPoller({ initialDelay: REFRESH_MS, tick: async () => (await load(), REFRESH_MS) });
    void load().then(() => {
      if (stopped) return;
      if (!pharmacy) {
        setLive(false);
        stop = poll();
        return;
      }
      stop = followTopic({
        streamUrl: async () => {
          const outcome = await requestStreamUrl(apiClient(locale), topicOf('pharmacy', pharmacy), locale);
          if (outcome.ok) return outcome.data;
          handleUnauthorized(outcome.problem);
          return null;
        },
        onEvent: () => void load(),
        onReady: (resumed) => {
          setLive(true);
          if (!resumed) void load();
        },
        fallback: () => {
          setLive(false);
          return poll();
        },
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [locale, me, pharmacy]);

  // The couriers a packed courier order can be handed to (the delivery feature's API; per city, so
  // an operator gets them once a pharmacy is chosen).
  useEffect(() => {
    if (!me || !pharmacy) return setCouriers([]);
    void attempt(() => apiClient(locale).GET('/api/v1/pharmacy/couriers', { params: { query: { pharmacy } } }), locale).then((outcome) => {
      if (outcome.ok) setCouriers(outcome.data.couriers);
    });
  }, [locale, me, pharmacy]);

  // The countdowns move on; the tab title counts the offers waiting.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const pendingCount = orders.filter((order) => order.status === 'pending').length;
  useEffect(() => {
    if (!baseTitle.current) return;
    document.title = pendingCount > 0 ? `(${pendingCount}) ${baseTitle.current}` : baseTitle.current;
  }, [pendingCount]);

  const replace = (next: PharmacyOrder) => setOrders((current) => current.map((order) => (order.id === next.id ? next : order)));
  const focusOrder = (id: string) => setTimeout(() => document.getElementById(`staff-order-${id}`)?.focus(), 0);
  const announceDone = (order: PharmacyOrder) => setStatus(t('done', { number: order.order_number, status: orderLabelText(order.status, locale) }));

  /** `handOver`: the parcel service's tracking number, or the courier a courier order goes to. */
  async function run(order: PharmacyOrder, action: Exclude<StaffAction, 'reject'>, handOver?: { trackingNumber?: string; courierId?: string }) {
    setBusyId(order.id);
    const params = { params: { path: { id: order.id } } };
    const api = apiClient(locale);
    const call =
      action === 'accept'
        ? () => api.POST('/api/v1/pharmacy/orders/{id}/accept', params)
        : action === 'check'
          ? () => api.POST('/api/v1/pharmacy/orders/{id}/check', params)
          : action === 'dispense'
            ? () => api.POST('/api/v1/pharmacy/orders/{id}/dispense', params)
          : action === 'pack'
            ? () => api.POST('/api/v1/pharmacy/orders/{id}/pack', params)
            : action === 'pickup' && handOver?.courierId
              ? () => api.POST('/api/v1/pharmacy/orders/{id}/handover', { ...params, body: { courier_id: handOver.courierId! } })
              : action === 'pickup'
                ? () => api.POST('/api/v1/pharmacy/orders/{id}/pickup', { ...params, body: handOver?.trackingNumber ? { tracking_number: handOver.trackingNumber } : {} })
              : () => api.POST('/api/v1/pharmacy/orders/{id}/deliver', params);
    const outcome = await attempt(call, locale);
    setBusyId(null);
    if (outcome.ok) {
      replace(outcome.data);
      announceDone(outcome.data);
      setDialog(null);
      focusOrder(order.id);
      return true;
    }
    fail(outcome.problem);
    if (dialog && outcome.problem.status === 400) {
      setDialogError(outcome.problem.message);
      return false;
    }
    setDialog(null);
    void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
    // Someone else (or the expiry) changed the order meanwhile: show how it is now.
    if (outcome.problem.status === 409 || outcome.problem.status === 404) void load();
    return false;
  }

  async function moneyStep(order: PharmacyOrder, call: () => Promise<{ data?: PharmacyOrder; error?: unknown; response: Response }>) {
    setBusyId(order.id);
    setDialogError(null);
    const outcome = await attempt(call, locale);
    setBusyId(null);
    if (outcome.ok) {
      replace(outcome.data);
      setDialog(null);
      announceDone(outcome.data);
      focusOrder(order.id);
      return;
    }
    fail(outcome.problem);
    if (outcome.problem.status === 400) {
      setDialogError(outcome.problem.message);
      return;
    }
    setDialog(null);
    void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
    void load();
  }

  /** One prescription line not dispensed, with the reason the customer reads. */
  async function rejectLine(order: PharmacyOrder, position: number, reason: string): Promise<boolean> {
    setBusyId(order.id);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/pharmacy/orders/{id}/lines/{position}/reject', { params: { path: { id: order.id, position } }, body: { reason } }), locale);
    setBusyId(null);
    if (outcome.ok) {
      replace(outcome.data);
      announceDone(outcome.data);
      return true;
    }
    fail(outcome.problem);
    void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
    if (outcome.problem.status === 409 || outcome.problem.status === 404) void load();
    return false;
  }

  const reject = (order: PharmacyOrder, reason: string) =>
    moneyStep(order, () => apiClient(locale).POST('/api/v1/pharmacy/orders/{id}/reject', { params: { path: { id: order.id } }, body: { reason } }));

  const refund = (order: PharmacyOrder, choice: RefundChoice) =>
    moneyStep(order, () =>
      apiClient(locale).POST('/api/v1/pharmacy/orders/{id}/refund', {
        params: { path: { id: order.id } },
        body: choice.lines ? { reason: choice.reason, lines: choice.lines } : { reason: choice.reason },
      }),
    );

  function onAction(order: PharmacyOrder, action: StaffAction | 'refund', button: HTMLButtonElement, courierId?: string) {
    if (action === 'reject' || action === 'refund' || (action === 'pickup' && order.delivery.method === 'parcel')) {
      opener.current = button;
      setDialogError(null);
      setDialog({ kind: action === 'pickup' ? 'tracking' : action, order });
      return;
    }
    void run(order, action, courierId ? { courierId } : undefined);
  }

  function closeDialog() {
    setDialog(null);
    const target = opener.current;
    setTimeout(() => target?.focus(), 0);
  }

  function toggleSound() {
    const next = !sound;
    setSound(next);
    storeSoundPreference(next);
  }

  if (phase === 'forbidden') {
    return (
      <div className="order-message" role="alert">
        <p>{t('forbidden')}</p>
        <a href={localizePath(ROUTES.home, locale)}>{t('toShop')}</a>
      </div>
    );
  }
  if (phase === 'loading') {
    return (
      <p className="order-message" role="status">
        {t('loading')}
      </p>
    );
  }
  if (phase === 'error') {
    return (
      <div className="order-message order-message--error" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="staff-button staff-button--secondary" onClick={() => void load()}>
          {t('refresh')}
        </button>
      </div>
    );
  }

  const groups = groupStaffOrders(orders);
  const serverNow = now + skew;
  const section = (id: string, title: string, list: PharmacyOrder[]) => (
    <section className="staff-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} ({list.length})
      </h2>
      {list.length === 0 ? (
        <p className="staff-hint">{t('none')}</p>
      ) : (
        list.map((order) => <StaffOrderCard key={order.id} locale={locale} order={order} busy={busyId === order.id} now={serverNow} onAction={onAction} couriers={couriers} onRejectLine={rejectLine} />)
      )}
    </section>
  );

  return (
    <div className="staff-board">
      <div className="staff-toolbar">
        {me?.role === 'operator' && (
          <div className="staff-field staff-field--inline">
            <label htmlFor="staff-pharmacy">{t('pharmacyLabel')}</label>
            <select id="staff-pharmacy" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">{t('allPharmacies')}</option>
              {pharmacies.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="staff-field staff-field--inline">
          <label htmlFor="staff-status">{t('statusFilterLabel')}</label>
          <select id="staff-status" value={statusFilter} onChange={(event) => setStatusFilter(event.target.value as StatusFilter)}>
            {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((key) => (
              <option key={key} value={key}>
                {t(`statusFilter.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="staff-button staff-button--secondary" onClick={() => void load(true)}>
          {t('refresh')}
        </button>
        <button type="button" className="staff-button staff-button--secondary" aria-pressed={sound} onClick={toggleSound}>
          {sound ? t('soundOn') : t('soundOff')}
        </button>
        <p className="staff-hint">{live ? t('live') : t('polling')}</p>
        <p className="staff-hint" role="status">
          {status}
        </p>
      </div>
      {section('staff-pending', t('pendingHeading'), groups.pending)}
      {section('staff-active', t('activeHeading'), groups.active)}
      {section('staff-done', t('doneHeading'), groups.done)}
      <Suspense fallback={null}>
        {dialog?.kind === 'reject' && (
          <RejectDialog
            locale={locale}
            orderNumber={dialog.order.order_number}
            busy={busyId === dialog.order.id}
            error={dialogError}
            onConfirm={(reason) => void reject(dialog.order, reason)}
            onClose={closeDialog}
          />
        )}
        {dialog?.kind === 'refund' && (
          <RefundDialog locale={locale} order={dialog.order} busy={busyId === dialog.order.id} error={dialogError} onConfirm={(choice) => void refund(dialog.order, choice)} onClose={closeDialog} />
        )}
        {dialog?.kind === 'tracking' && (
          <TrackingDialog
            locale={locale}
            orderNumber={dialog.order.order_number}
            busy={busyId === dialog.order.id}
            error={dialogError}
            onConfirm={(number) => void run(dialog.order, 'pickup', { trackingNumber: number })}
            onClose={closeDialog}
          />
        )}
      </Suspense>
    </div>
  );
}
