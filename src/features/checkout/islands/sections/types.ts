import type { Form } from '../../../../ui/forms/use-form';
import type { Locale } from '../../../../platform/i18n/locales';
import type { CheckoutField, CheckoutValues } from '../../browser/checkout-form';
import type { CheckoutTranslate } from '../text';

/** What every checkout section gets: its texts, the form, and the error to show at a field (client check or server verdict). */
export interface SectionProps {
  locale: Locale;
  t: CheckoutTranslate;
  form: Form<CheckoutValues>;
  errorOf: (field: CheckoutField) => string | undefined;
}
