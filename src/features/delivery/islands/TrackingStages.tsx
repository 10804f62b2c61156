import type { Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { formatShopTime as formatTime } from '../../../platform/i18n/shop-time-format';
import { tracking, trackingStageText, type Order, type OrderStatus } from '../../orders/client';
import type { TrackingText } from './tracking-text';

/** When each stage was reached: placed, accepted (the pharmacist's check), handed over / ready, delivered. */
export function stageTimes(order: Order): (string | null)[] {
  const pickup = order.delivery.method === 'pickup';
  return [order.placed_at, order.accepted_at, pickup ? order.packed_at : order.picked_up_at, order.delivered_at];
}

/**
 * Spec §4's four stages as an ordered list (pickup orders end at the counter): the stage reached
 * carries aria-current="step", done ones say so in words, each with the time it was reached.
 */
export function TrackingStages({ order, locale, text }: { order: Order; locale: Locale; text: TrackingText }) {
  const t = tableTranslator(text);
  const progress = tracking(order.status as OrderStatus, order.delivery.method ?? 'courier');
  const times = stageTimes(order);
  return (
    <ol className="tracking-stages" aria-label={t('stagesLabel')}>
      {progress.stages.map((stage, index) => {
        const state = progress.current === null ? 'upcoming' : index < progress.current ? 'done' : index === progress.current ? 'current' : 'upcoming';
        const time = state !== 'upcoming' ? times[index] : null;
        return (
          <li key={stage} className={`tracking-stage tracking-stage--${state}`} aria-current={state === 'current' ? 'step' : undefined} data-stage={stage}>
            <span className="tracking-stage__dot" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="tracking-stage__text">
              <span className="tracking-stage__name">{trackingStageText(stage, locale)}</span>
              {state === 'done' && <span className="visually-hidden"> ({t('stageDone')})</span>}
              {state === 'current' && <span className="visually-hidden"> ({t('stageCurrent')})</span>}
              {time && <span className="tracking-stage__time">{t('reachedAt', { time: formatTime(time, locale) })}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
