import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { localizePath } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { ROUTES } from '../../../ui/layout/routes';
import { orderLabelText } from '../model/public';
import { staffMessages } from '../i18n/staff-messages';
import { apiClient, attempt, type Problem } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import type { PharmacyOrder } from '../browser/api-types';
import { formatTime } from '../browser/format';
import { startPoller } from '../browser/poller';
import { groupStaffOrders, type StaffAction } from '../browser/staff';
import { RejectDialog } from './RejectDialog';
import { StaffOrderCard } from './StaffOrderCard';
import './orders.css';

type Phase = 'loading' | 'ready' | 'forbidden' | 'error';

/** New offers arrive while the page is open: it looks for them now and then (not while hidden). */
const REFRESH_MS = 20_000;

/**
 * The minimal staff page (the full back office comes later): the orders of the staff member's
 * pharmacy, pending offers first, with Accept, Reject (with a reason) and the progress steps the
 * server allows. Customers and visitors get a clear "for pharmacy staff" message (the API says 403).
 */
export default function StaffBoard({ locale }: { locale: Locale }) {
  const t = translator(staffMessages, locale);
  const [phase, setPhase] = useState<Phase>('loading');
  const [orders, setOrders] = useState<PharmacyOrder[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PharmacyOrder | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const opener = useRef<HTMLButtonElement | null>(null);
  const [couriers, setCouriers] = useState<{ id: string; name: string }[]>([]);

  const fail = useCallback(
    (problem: Problem): void => {
      if (handleUnauthorized(problem)) return;
      if (problem.status === 403) setPhase('forbidden');
    },
    [],
  );

  const load = useCallback(
    async (announce = false) => {
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/orders'), locale);
      if (outcome.ok) {
        setOrders(outcome.data.orders);
        setPhase('ready');
        if (announce) setStatus(t('refreshed', { time: formatTime(new Date().toISOString(), locale) }));
        return;
      }
      fail(outcome.problem);
      if (outcome.problem.status !== 401 && outcome.problem.status !== 403) setPhase((current) => (current === 'ready' ? current : 'error'));
    },
    [fail, locale, t],
  );

  useEffect(() => {
    let stop: (() => void) | null = null;
    // The couriers a packed courier order can be handed to (the delivery feature's API).
    void attempt(() => apiClient(locale).GET('/api/v1/pharmacy/couriers'), locale).then((outcome) => {
      if (outcome.ok) setCouriers(outcome.data.couriers);
    });
    void load().then(() => {
      stop = startPoller({
        initialDelay: REFRESH_MS,
        tick: async () => {
          await load();
          return REFRESH_MS;
        },
      });
    });
    return () => stop?.();
  }, [load, locale]);

  const replace = (next: PharmacyOrder) => setOrders((current) => current.map((order) => (order.id === next.id ? next : order)));

  const focusOrder = (id: string) => setTimeout(() => document.getElementById(`staff-order-${id}`)?.focus(), 0);

  async function run(order: PharmacyOrder, action: Exclude<StaffAction, 'reject'>, courierId?: string) {
    setBusyId(order.id);
    const params = { params: { path: { id: order.id } } };
    const api = apiClient(locale);
    const call =
      action === 'accept'
        ? () => api.POST('/api/v1/pharmacy/orders/{id}/accept', params)
        : action === 'pack'
          ? () => api.POST('/api/v1/pharmacy/orders/{id}/pack', params)
          : action === 'pickup' && courierId
            ? () => api.POST('/api/v1/pharmacy/orders/{id}/handover', { ...params, body: { courier_id: courierId } })
            : action === 'pickup'
              ? () => api.POST('/api/v1/pharmacy/orders/{id}/pickup', params)
              : () => api.POST('/api/v1/pharmacy/orders/{id}/deliver', params);
    const outcome = await attempt(call, locale);
    setBusyId(null);
    if (outcome.ok) {
      replace(outcome.data);
      setStatus(t('done', { number: outcome.data.order_number, status: orderLabelText(outcome.data.status, locale) }));
      focusOrder(order.id);
      return;
    }
    fail(outcome.problem);
    void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
    // Someone else (or the expiry) changed the order meanwhile: show how it is now.
    if (outcome.problem.status === 409 || outcome.problem.status === 404) void load();
  }

  async function reject(reason: string) {
    const order = rejecting;
    if (!order) return;
    setBusyId(order.id);
    setRejectError(null);
    const outcome = await attempt(
      () => apiClient(locale).POST('/api/v1/pharmacy/orders/{id}/reject', { params: { path: { id: order.id } }, body: { reason } }),
      locale,
    );
    setBusyId(null);
    if (outcome.ok) {
      replace(outcome.data);
      setRejecting(null);
      setStatus(t('done', { number: outcome.data.order_number, status: orderLabelText(outcome.data.status, locale) }));
      focusOrder(order.id);
      return;
    }
    fail(outcome.problem);
    if (outcome.problem.status === 400) {
      setRejectError(outcome.problem.message);
      return;
    }
    setRejecting(null);
    void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
    void load();
  }

  function onAction(order: PharmacyOrder, action: StaffAction, button: HTMLButtonElement, courierId?: string) {
    if (action === 'reject') {
      opener.current = button;
      setRejectError(null);
      setRejecting(order);
      return;
    }
    void run(order, action, courierId);
  }

  function closeReject() {
    setRejecting(null);
    const target = opener.current;
    setTimeout(() => target?.focus(), 0);
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
  const section = (id: string, title: string, list: PharmacyOrder[]) => (
    <section className="staff-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} ({list.length})
      </h2>
      {list.length === 0 ? (
        <p className="staff-hint">{t('none')}</p>
      ) : (
        list.map((order) => <StaffOrderCard key={order.id} locale={locale} order={order} busy={busyId === order.id} onAction={onAction} couriers={couriers} />)
      )}
    </section>
  );

  return (
    <div className="staff-board">
      <div className="staff-toolbar">
        <button type="button" className="staff-button staff-button--secondary" onClick={() => void load(true)}>
          {t('refresh')}
        </button>
        <p className="staff-hint" role="status">
          {status}
        </p>
      </div>
      {section('staff-pending', t('pendingHeading'), groups.pending)}
      {section('staff-active', t('activeHeading'), groups.active)}
      {section('staff-done', t('doneHeading'), groups.done)}
      {rejecting && (
        <RejectDialog
          locale={locale}
          orderNumber={rejecting.order_number}
          busy={busyId === rejecting.id}
          error={rejectError}
          onConfirm={(reason) => void reject(reason)}
          onClose={closeReject}
        />
      )}
    </div>
  );
}
