import { getToken } from '../../../platform/api-client/token';
import { loginRedirectUrl } from '../../accounts/client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { cartControlMessages } from '../i18n/control-messages';
import { MAX_QUANTITY_PER_LINE } from '../model/limits';
import { rememberPendingAdd } from '../model/pending-add';
import { rememberDetour } from '../../../platform/detour';
import { loadActions } from './load-actions';
import { $mirror, $pending, displayedQuantity } from './state';

/**
 * The product page's cart control, in plain DOM (no framework on catalogue pages). The static
 * "Add to cart" button becomes a − / count / + stepper once the product is in the cart; the
 * mirror decides at page load, so a product already in the cart shows its count at once.
 */

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

let counter = 0;

function mount(root: HTMLElement, locale: Locale): void {
  const pzn = root.dataset.pzn ?? '';
  const add = root.querySelector<HTMLButtonElement>('[data-cart-add]');
  if (!/^\d{8}$/.test(pzn) || !add || root.dataset.cartMounted) return;
  root.dataset.cartMounted = '';
  const t = translator(cartControlMessages, locale);
  const id = `cart-control-${++counter}`;

  const stepper = element('div', 'cart-stepper');
  stepper.setAttribute('role', 'group');
  stepper.hidden = true;
  const minus = element('button', 'cart-stepper__step', '−');
  const plus = element('button', 'cart-stepper__step', '+');
  minus.type = plus.type = 'button';
  const count = element('span', 'cart-stepper__count');
  count.setAttribute('aria-live', 'polite');
  count.setAttribute('aria-atomic', 'true');
  const countLabel = element('span', 'visually-hidden', `${t('inCart')}: `);
  const countValue = element('span', '');
  count.append(countLabel, countValue);
  stepper.append(minus, count, plus);
  const note = element('p', 'cart-max-note', t('maxReached', { max: MAX_QUANTITY_PER_LINE }));
  note.id = `${id}-max`;
  note.hidden = true;
  root.append(stepper, note);

  let adding = false;
  // The limit's note is shown once the customer works the stepper; at page load it only describes
  // the "+" (visually hidden), so a full line arriving from the mirror shifts no layout.
  let used = false;
  root.addEventListener('click', () => (used = true), { capture: true });
  const productName = () =>
    $mirror.get()?.lines.find((line) => line.pzn === pzn)?.name ?? root.dataset.productName ?? document.querySelector('h1')?.textContent?.trim() ?? '';

  const render = () => {
    const quantity = displayedQuantity(pzn);
    const showStepper = quantity > 0 && !adding;
    const hadFocus = root.contains(document.activeElement) ? document.activeElement : null;
    add.hidden = showStepper;
    stepper.hidden = !showStepper;
    if (showStepper) {
      const name = productName();
      stepper.setAttribute('aria-label', t('quantityGroup', { name }));
      minus.setAttribute('aria-label', quantity === 1 ? t('removeOne', { name }) : t('decrease', { name }));
      plus.setAttribute('aria-label', t('increase', { name }));
      countValue.textContent = String(quantity);
      const atMax = quantity >= MAX_QUANTITY_PER_LINE;
      // aria-disabled rather than disabled: the button keeps focus and is read with its reason.
      if (atMax) {
        plus.setAttribute('aria-disabled', 'true');
        plus.setAttribute('aria-describedby', note.id);
      } else {
        plus.removeAttribute('aria-disabled');
        plus.removeAttribute('aria-describedby');
      }
      note.hidden = !atMax;
      note.classList.toggle('visually-hidden', !used);
    } else {
      note.hidden = true;
    }
    // Keep keyboard users in place when the control they used turns into the other one.
    if (hadFocus === add && showStepper) plus.focus();
    else if ((hadFocus === minus || hadFocus === plus) && !showStepper) add.focus();
  };

  add.addEventListener('click', () => {
    if (adding) return;
    if (!getToken()) {
      // Browse-only (spec §4): remember the wish, log in, come back and have it done.
      rememberPendingAdd(session(), { pzn, quantity: 1, path: location.pathname + location.search, createdAt: Date.now(), addressAsked: false });
      rememberDetour(productName());
      location.assign(loginRedirectUrl(location.pathname, location.search));
      return;
    }
    adding = true;
    add.setAttribute('aria-busy', 'true');
    add.setAttribute('aria-disabled', 'true');
    loadActions()
      .then((actions) => actions.addToCart(pzn, { name: productName() }))
      .catch(() => undefined)
      .finally(() => {
        adding = false;
        add.removeAttribute('aria-busy');
        add.removeAttribute('aria-disabled');
        render();
      });
  });
  minus.addEventListener('click', () => {
    void loadActions().then((actions) => actions.changeQuantity(pzn, -1));
  });
  plus.addEventListener('click', () => {
    if (plus.getAttribute('aria-disabled') === 'true') return;
    void loadActions().then((actions) => actions.changeQuantity(pzn, 1));
  });

  $mirror.subscribe(render);
  $pending.listen(render);
}

/** Mounts the steppers under `container` (cards already mounted are left as they are). */
export function mountProductControls(locale: Locale, container: ParentNode = document): void {
  for (const root of container.querySelectorAll<HTMLElement>('[data-cart-control][data-pzn]')) mount(root, locale);
}
