import { formatPrice } from '../../../../platform/i18n/format';
import { MAX_TIP_CENTS, TIP_PRESETS_CENTS } from '../../model/public';
import { CUSTOM_TIP } from '../../browser/checkout-form';
import { ChoiceGroup, Step, TextField } from '../controls';
import type { SectionProps } from './types';

/** (i) A tip for the courier: presets or an amount of one's own; all of it goes to the courier. */
export function TipSection({ locale, t, form, errorOf }: SectionProps) {
  const tip = form.getValues('tip');
  return (
    <Step id="checkout-tip" title={t('tipHeading')}>
      <ChoiceGroup id="checkout-tip-choices" legend={t('tipLegend')} hint={t('tipNote')} error={errorOf('tip')} className="checkout-choices--inline">
        {TIP_PRESETS_CENTS.map((cents) => (
          <label key={cents} className="checkout-option checkout-option--pill">
            <input type="radio" value={String(cents)} {...form.register('tip')} />
            <span>{cents === 0 ? t('tipNone') : formatPrice(cents, locale)}</span>
          </label>
        ))}
        <label className="checkout-option checkout-option--pill">
          <input type="radio" value={CUSTOM_TIP} {...form.register('tip')} />
          <span>{t('tipCustom')}</span>
        </label>
      </ChoiceGroup>
      {tip === CUSTOM_TIP && (
        <TextField
          id="checkout-tip-custom"
          className="checkout-field--short"
          label={t('tipCustomLabel')}
          inputMode="decimal"
          autoComplete="off"
          registration={form.register('tipCustom', {
            onBlur: () => {
              if (form.getValues('tipCustom').trim()) void form.trigger('tipCustom');
            },
          })}
          hint={t('tipCustomHint', { max: formatPrice(MAX_TIP_CENTS, locale) })}
          error={errorOf('tipCustom')}
        />
      )}
    </Step>
  );
}
