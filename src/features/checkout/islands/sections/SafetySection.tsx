import { SAFETY_KEYS } from '../../browser/draft';
import { ChoiceGroup, Step } from '../controls';
import type { SectionProps } from './types';

/**
 * (d) The pharmacy's safety questions (spec §5). These are health data: nothing is preselected, each
 * question needs the customer's own answer before the order can be sent.
 */
export function SafetySection({ t, form, errorOf }: SectionProps) {
  return (
    <Step id="checkout-safety" title={t('safetyHeading')}>
      <p className="checkout-hint">{t('safetyIntro')}</p>
      {SAFETY_KEYS.map((key) => (
        <ChoiceGroup key={key} id={`checkout-safety-${key}`} legend={t(`safety.${key}`)} error={errorOf(`safety.${key}`)} className="checkout-choices--inline">
          <label className="checkout-option">
            <input type="radio" value="yes" {...form.register(`safety.${key}`)} />
            <span>{t('yes')}</span>
          </label>
          <label className="checkout-option">
            <input type="radio" value="no" {...form.register(`safety.${key}`)} />
            <span>{t('no')}</span>
          </label>
        </ChoiceGroup>
      ))}
    </Step>
  );
}
