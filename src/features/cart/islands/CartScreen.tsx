import type { Locale } from '../../../platform/i18n/locales';
import type { PricingSettings } from '../model/pricing';
import { CartPanel } from './CartPanel';

export interface CartScreenProps {
  locale: Locale;
  settings: PricingSettings;
}

/** The cart page's island (client:load): the drawer's panel laid out inline, for long carts. */
export default function CartScreen({ locale, settings }: CartScreenProps) {
  return <CartPanel locale={locale} settings={settings} variant="page" />;
}
