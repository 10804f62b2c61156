// Entry of the pharmacy list's script (bundled by PharmacyList.astro): fills in what the prebuilt
// cards cannot know (open now, selected, delivers to you, distance, rating), orders them as the
// finder says, and wires the choose buttons. It runs when the browser is idle after load: on a phone
// the finder's island hydrates at load, and both in one task blocked the page for over 100 ms.
import { apiClient, attempt } from '../../../platform/api-client';
import { formatNumber } from '../../../platform/i18n/format';
import { isLocale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { selectionMessages } from '../i18n/selection';
import { isOpenAt, type WeeklyHours } from '../model/opening-hours';
import { distanceLabel } from '../model/outcome-view';
import { orderPharmacies, type ListOrder } from '../model/pharmacy-order';
import { $choosing, $listOrder, chooseAndConfirm } from './selection-state';
import { $selectedPharmacy } from './shopping-location';
import { whenIdle } from '../../../ui/browser/page-lifecycle';

/** "Open now" is re-evaluated every minute while the page stays open. */
const CLOCK_TICK_MS = 60_000;

interface Card {
  id: string;
  name: string;
  item: HTMLElement;
  article: HTMLElement;
  hours: WeeklyHours;
  button: HTMLButtonElement;
  part: (name: string) => HTMLElement;
}

function readCard(article: HTMLElement): Card | null {
  const item = article.closest('li');
  const button = article.querySelector<HTMLButtonElement>('[data-choose]');
  const { pharmacyId: id, name, hours } = article.dataset;
  if (!item || !button || !id || !name || !hours) return null;
  // Every part is in the prebuilt card; a missing one would be a build mistake, and detached it just shows nothing.
  const part = (partName: string) => article.querySelector<HTMLElement>(`[data-${partName}]`) ?? document.createElement('span');
  return { id, name, item, article, hours: JSON.parse(hours) as WeeklyHours, button, part };
}

function enhance(root: HTMLElement) {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'en';
  const t = translator(selectionMessages, locale);
  const list = root.querySelector('ul');
  const cards = [...root.querySelectorAll<HTMLElement>('article[data-pharmacy-id]')].map(readCard).filter((card) => card !== null);
  const status = root.querySelector<HTMLElement>('[data-list-order]');

  function showOpen(now: Date) {
    for (const card of cards) {
      const open = isOpenAt(card.hours, now);
      const badge = card.part('open-badge');
      badge.className = `pharmacy-badge ${open ? 'pharmacy-badge--open' : 'pharmacy-badge--closed'}`;
      badge.textContent = open ? t('openNow') : t('closedNow');
      badge.removeAttribute('aria-hidden');
    }
  }

  function showSelected() {
    const selectedId = $selectedPharmacy.get()?.id ?? null;
    for (const card of cards) {
      const selected = card.id === selectedId;
      card.article.classList.toggle('pharmacy-card--selected', selected);
      card.part('selected-badge').hidden = !selected;
      card.button.setAttribute('aria-pressed', String(selected));
    }
  }

  function showBusy() {
    const busy = $choosing.get() !== null;
    for (const card of cards) card.button.disabled = busy;
  }

  function showOrder(order: ListOrder) {
    const items = orderPharmacies(cards, order).map((card) => card.item);
    if (list && items.some((item, index) => list.children[index] !== item)) list.append(...items);
    const delivering = new Set(order.kind === 'default' ? [] : order.delivering);
    for (const card of cards) {
      card.part('serves-badge').hidden = !delivering.has(card.id);
      const km = order.kind === 'nearest' ? order.distances[card.id] : undefined;
      card.part('distance').textContent = km === undefined ? '' : ` · ${distanceLabel(km, locale)}`;
    }
    if (status) {
      status.textContent =
        order.kind === 'serving' ? t('sortedServing', { postalCode: order.postalCode }) : order.kind === 'nearest' ? t('sortedNearest') : t('listCount', { count: cards.length });
    }
  }

  // Customers' average ratings (from 5 ratings on); a failure just shows none.
  async function showRatings() {
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy-ratings'), locale);
    if (!outcome.ok) return;
    const byId = new Map(outcome.data.ratings.map((entry) => [entry.pharmacy_id, entry]));
    for (const card of cards) {
      const entry = byId.get(card.id);
      const rating = card.part('rating');
      rating.hidden = !entry || entry.average === null;
      if (entry && entry.average !== null) card.part('rating-text').textContent = t('rating', { average: formatNumber(entry.average, locale, 1), count: entry.count });
    }
  }

  for (const card of cards) card.button.addEventListener('click', () => void chooseAndConfirm({ id: card.id, name: card.name }, locale));
  $selectedPharmacy.subscribe(showSelected);
  $choosing.subscribe(showBusy);
  $listOrder.subscribe(showOrder);
  void showRatings();
  // Its own idle task: the first answer builds Intl's formatter for Berlin's clock, the costliest
  // step here (about 60 ms on Lighthouse's phone).
  whenIdle(() => {
    showOpen(new Date());
    window.setInterval(() => showOpen(new Date()), CLOCK_TICK_MS);
  });
}

const root = document.querySelector<HTMLElement>('[data-pharmacy-list]');
if (root) whenIdle(() => enhance(root));
