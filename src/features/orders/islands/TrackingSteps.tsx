import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { trackingStageText, type Tracking } from '../model/public';
import { orderUiMessages } from '../i18n/ui-messages';

/**
 * Spec §4's tracking stages as an ordered list: the stage reached carries aria-current="step", the
 * ones before it say they are done (in words, not only by colour).
 */
export function TrackingSteps({ locale, tracking }: { locale: Locale; tracking: Tracking }) {
  const t = translator(orderUiMessages, locale);
  return (
    <ol className="order-tracking" aria-label={t('trackingLabel')}>
      {tracking.stages.map((stage, index) => {
        const state = tracking.current === null ? 'upcoming' : index < tracking.current ? 'done' : index === tracking.current ? 'current' : 'upcoming';
        return (
          <li key={stage} className={`order-tracking__step order-tracking__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="order-tracking__dot" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span>
              {trackingStageText(stage, locale)}
              {state === 'done' && <span className="visually-hidden"> ({t('stageDone')})</span>}
              {state === 'current' && <span className="visually-hidden"> ({t('stageCurrent')})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
