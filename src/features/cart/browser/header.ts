import { getToken } from '../../../platform/api-client/token';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { cartControlMessages } from '../i18n/control-messages';
import { DEFAULT_PRICING, type PricingSettings } from '../model/pricing';
import { isCartPage } from '../model/paths';
import { $itemCount } from './state';

/**
 * The header's cart link: its badge shows the mirror's count from the first frame (the badge is
 * positioned over the icon, so filling it in moves nothing), and a click opens the drawer, whose
 * React island is imported on that first click and not before.
 */

function settingsOf(link: HTMLElement): PricingSettings {
  const fee = Number(link.dataset.deliveryFeeCents);
  const freeFrom = Number(link.dataset.freeDeliveryFromCents);
  return {
    deliveryFeeCents: Number.isInteger(fee) && fee >= 0 ? fee : DEFAULT_PRICING.deliveryFeeCents,
    freeDeliveryFromCents: Number.isInteger(freeFrom) && freeFrom >= 0 ? freeFrom : DEFAULT_PRICING.freeDeliveryFromCents,
  };
}

export function mountHeaderCart(locale: Locale): void {
  const t = translator(cartControlMessages, locale);
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-cart-open]'));

  $itemCount.subscribe((count) => {
    for (const link of links) {
      const badge = link.querySelector<HTMLElement>('[data-cart-count]');
      const label = link.querySelector<HTMLElement>('[data-cart-count-label]');
      if (badge) {
        badge.textContent = count > 0 ? String(count) : '';
        badge.hidden = count === 0;
      }
      if (label) label.textContent = count === 0 ? '' : count === 1 ? t('itemsOne') : t('itemsMany', { count });
    }
  });

  for (const link of links) {
    if (isCartPage(location.pathname)) link.setAttribute('aria-current', 'page');
    link.addEventListener('click', (event) => {
      // New tab, no login (the cart page sends to login) or already on the cart page: a plain link.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!getToken() || isCartPage(location.pathname)) return;
      event.preventDefault();
      void import('../islands/mount-drawer')
        .then(({ openCartDrawer }) => openCartDrawer({ opener: link, locale, settings: settingsOf(link) }))
        .catch(() => location.assign(link.href));
    });
  }
}
