import { useStore } from '@nanostores/react';
import type { Locale } from '../../../platform/i18n/locales';
import { $deliveryCheck } from '../browser/delivery-check';
import { DeliveryOutcome } from './DeliveryOutcome';

/**
 * Shows the latest delivery check of the page (written by the address screen after a save or a
 * "Deliver here"), and takes focus when it arrives. Renders nothing until there is one.
 */
export default function DeliveryCheckResult({ locale }: { locale: Locale }) {
  const check = useStore($deliveryCheck);
  return check ? <DeliveryOutcome check={check} locale={locale} focus /> : null;
}
