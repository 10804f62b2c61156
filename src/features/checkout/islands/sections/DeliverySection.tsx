import { errorCodeText } from '../../../../platform/api-client/error-text';
import { useErrorCatalogue } from '../../../../ui/forms/use-error-catalogue';
import { DEFAULT_TIMING, type DeliveryOptions, type DeliverySlot } from '../../model/public';
import { formatShopDate } from '../../../../platform/i18n/format';
import { offeredChoices, slotsFor } from '../../browser/checkout-form';
import type { DeliveryChoice } from '../../browser/draft';
import { ChoiceGroup, Step } from '../controls';
import type { SectionProps } from './types';

interface Props extends SectionProps {
  options: DeliveryOptions | null;
}

/**
 * (c) When the order comes (spec §4): as soon as possible, a window later today, a pre-order for
 * tomorrow, parcel or self-pickup, as the server offers them for this pharmacy and cart now. A
 * closed pharmacy takes pre-orders only, which the alert says before the choices.
 */
export function DeliverySection({ locale, t, form, errorOf, options }: Props) {
  useErrorCatalogue();
  const choice = form.getValues('delivery');
  const choices = offeredChoices(options);
  const closed = options !== null && !options.openNow;
  const slotError = errorOf('slot');

  const label = (option: DeliveryChoice): string => {
    switch (option) {
      case 'asap':
        return t('asap', { minutes: options?.asapMinutes ?? DEFAULT_TIMING.asapMinutes });
      case 'later_today':
        return t('laterToday');
      case 'tomorrow':
        return t('tomorrow');
      case 'parcel':
        return t('parcel', { min: DEFAULT_TIMING.parcelMinBusinessDays, max: DEFAULT_TIMING.parcelMaxBusinessDays });
      case 'pickup':
        return t('pickup');
    }
  };

  const slotText = (slot: DeliverySlot, withDate: boolean) => {
    const window = t('slot', { from: slot.from, to: slot.to });
    return withDate ? `${formatShopDate(slot.date, locale)}, ${window}` : window;
  };

  const slotSelect = (option: DeliveryChoice) => {
    const slots = slotsFor(option, options);
    if (option !== choice || slots.length === 0) return null;
    const withDate = new Set(slots.map((slot) => slot.date)).size > 1;
    const selectLabel =
      option === 'pickup' ? t('pickupLabel') : option === 'tomorrow' && options ? t('slotDateLabel', { date: formatShopDate(options.tomorrow, locale) }) : t('slotLabel');
    return (
      <div className={slotError ? 'checkout-field checkout-field--invalid checkout-slot' : 'checkout-field checkout-slot'}>
        <label htmlFor="checkout-slot">{selectLabel}</label>
        <select id="checkout-slot" {...form.register('slot')} aria-invalid={slotError ? true : undefined} aria-describedby={slotError ? 'checkout-slot-error' : undefined}>
          {slots.map((slot) => (
            <option key={slot.start} value={slot.start}>
              {slotText(slot, withDate)}
            </option>
          ))}
        </select>
        {slotError && (
          <p id="checkout-slot-error" className="checkout-error" role="alert">
            {slotError}
          </p>
        )}
      </div>
    );
  };

  return (
    <Step id="checkout-delivery" title={t('deliveryHeading')}>
      {closed && (
        <p className="checkout-alert checkout-alert--warning" role="alert">
          {errorCodeText('PHARMACY_CLOSED', locale)}
        </p>
      )}
      {options?.pickupOnlyItems && <p className="checkout-hint">{t('pickupOnlyItemsNote')}</p>}
      {options && choices.length === 0 ? (
        <p className="checkout-alert checkout-alert--error">{t('deliveryNone')}</p>
      ) : (
        <ChoiceGroup id="checkout-delivery-choices" legend={t('deliveryLegend')} error={errorOf('delivery')}>
          {choices.map((option) => (
            <div key={option} className="checkout-option-block">
              <label className="checkout-option">
                <input
                  type="radio"
                  value={option}
                  {...form.register('delivery', {
                    // A window belongs to the option it was chosen for: the first one of the new option is preselected.
                    onChange: (event: { target: { value: string } }) =>
                      form.setValue('slot', slotsFor(event.target.value as DeliveryChoice, options)[0]?.start ?? ''),
                  })}
                />
                <span>
                  {label(option)}
                  {option === 'parcel' && options?.parcel && (
                    <span className="checkout-option__detail">
                      {t('parcelEstimate', { earliest: formatShopDate(options.parcel.earliest, locale), latest: formatShopDate(options.parcel.latest, locale) })}
                    </span>
                  )}
                </span>
              </label>
              {slotSelect(option)}
            </div>
          ))}
        </ChoiceGroup>
      )}
    </Step>
  );
}
