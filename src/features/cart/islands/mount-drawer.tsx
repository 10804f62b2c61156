import { createRoot, type Root } from 'react-dom/client';
import type { Locale } from '../../../platform/i18n/locales';
import type { PricingSettings } from '../model/pricing';
import { CartDrawer, $drawerOpener } from './CartDrawer';

let root: Root | null = null;

/**
 * Opens the cart drawer, mounting its island on the first call (the header's script imports this
 * module on the first click, so no React is loaded before the customer asks for the cart).
 */
export function openCartDrawer({ opener, locale, settings }: { opener: HTMLElement; locale: Locale; settings: PricingSettings }): void {
  if (!root) {
    const container = document.createElement('div');
    container.id = 'cart-drawer-root';
    document.body.append(container);
    root = createRoot(container);
    root.render(<CartDrawer locale={locale} settings={settings} />);
  }
  $drawerOpener.set(opener);
}
