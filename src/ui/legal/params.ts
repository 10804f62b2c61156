import { SITE } from '../../platform/config/site';
import { formatPrice } from '../../platform/i18n/format';
import { localizePath, type Locale } from '../../platform/i18n/locales';
import type { Params } from '../../platform/i18n/messages';
import { ROUTES } from '../layout/routes';

/** Values the legal texts interpolate, so operator data lives only in site config. */
export function legalParams(locale: Locale): Params {
  const a = SITE.operator.address;
  return {
    operator: SITE.operator.name,
    address: `${a.street}, ${a.postalCode} ${a.locality}`,
    email: SITE.operator.email,
    phone: SITE.operator.phone,
    supportEmail: SITE.support.email,
    supportPhone: SITE.support.phone,
    supportHours: SITE.support.hours[locale],
    deliveryFee: formatPrice(SITE.delivery.feeCents, locale),
    freeFrom: formatPrice(SITE.delivery.freeFromCents, locale),
    dpaName: SITE.dataProtectionAuthority.name,
    dpaUrl: SITE.dataProtectionAuthority.url,
    a11yAuthority: SITE.accessibilityAuthority.name,
    a11yAuthorityUrl: SITE.accessibilityAuthority.url,
    privacyUrl: localizePath(ROUTES.privacy, locale),
    termsUrl: localizePath(ROUTES.terms, locale),
    imprintUrl: localizePath(ROUTES.imprint, locale),
    accessibilityUrl: localizePath(ROUTES.accessibility, locale),
    settingsUrl: localizePath(ROUTES.settings, locale),
  };
}
