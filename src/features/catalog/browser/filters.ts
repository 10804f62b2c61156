import {
  compareBy,
  FILTER_PARAMS,
  filtersFromQuery,
  isFiltered,
  matches,
  SORTS,
  type ListedProduct,
  type ListingFilters,
  type Sort,
} from '../model/listing-filters';
import { remoteListingOf, remoteLoader, renderPager, resultPageOf, resultQuery, type PagerText } from './remote-listing';
import { CARDS_ADDED } from '../../../ui/browser/page-lifecycle';

/**
 * Filters and sorting of a prebuilt product listing, in plain DOM: the cards carry what they are
 * filtered by (data attributes), the form is read into a state, the state is written to the URL
 * (pushState, so the back button returns to the previous list) and applied by hiding and
 * reordering the grid's items. The static page without JavaScript lists every product; a filtered
 * URL gets `noindex` (its canonical link already names the unfiltered listing).
 */

interface Item {
  element: HTMLElement;
  product: ListedProduct;
  availability: HTMLElement | null;
}

function readItems(grid: HTMLElement): Item[] {
  return [...grid.children].flatMap((child, position) => {
    const card = child.querySelector<HTMLElement>('[data-listing-card]');
    if (!(child instanceof HTMLElement) || !card) return [];
    const data = card.dataset;
    const availability = card.querySelector<HTMLElement>('[data-availability]');
    return [
      {
        element: child,
        availability,
        product: {
          brand: data.brand ?? '',
          form: data.form ?? '',
          kind: data.kind ?? '',
          priceCents: Number(data.price ?? 0),
          unitPriceCents: Number(data.unitPrice ?? 0),
          name: data.name ?? '',
          position,
          stock: null,
        },
      },
    ];
  });
}

function formState(form: HTMLFormElement): ListingFilters {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const [key, value] of data.entries()) if (typeof value === 'string') params.append(key, value);
  return filtersFromQuery(params);
}

function setFormState(form: HTMLFormElement, filters: ListingFilters): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    const list = input.name === 'brand' ? filters.brands : input.name === 'form' ? filters.forms : input.name === 'kind' ? filters.kinds : null;
    input.checked = list ? list.includes(input.value) : input.name === 'available' ? filters.available : false;
  }
  const value = (name: string, v: number | null) => {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = v === null ? '' : String(v);
  };
  value('min', filters.minEuros);
  value('max', filters.maxEuros);
  const sort = form.elements.namedItem('sort');
  if (sort instanceof HTMLSelectElement) sort.value = filters.sort;
}

function setNoindex(on: boolean): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"][data-listing]');
  const staticMeta = document.head.querySelector('meta[name="robots"]:not([data-listing])');
  if (on && !meta && !staticMeta) {
    meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    meta.dataset.listing = '';
    document.head.append(meta);
  } else if (!on && meta) {
    meta.remove();
  }
}

const hasFilterParams = (search: string) => {
  const params = new URLSearchParams(search);
  return FILTER_PARAMS.some((name) => params.has(name));
};

export function mountListingFilters(form: HTMLFormElement): void {
  if (form.dataset.mounted !== undefined) return;
  form.dataset.mounted = '';
  const grid = document.getElementById(form.dataset.grid ?? '');
  const status = form.querySelector<HTMLElement>('[data-listing-status]');
  if (!grid) return;
  const items = readItems(grid);
  const data = form.dataset;
  const template = (key: 'statusAll' | 'statusSome') => data[key] ?? '';
  // Unfiltered, the count is the page's own line above: the status then speaks to screen readers
  // only, and taking no room it cannot push the filters down when it is filled in after load.
  const showStatus = (shown: number, count: number, filtered: boolean) => {
    if (!status) return;
    status.textContent = (shown === count ? template('statusAll') : template('statusSome')).replace('{shown}', String(shown)).replace('{count}', String(count));
    status.classList.toggle('visually-hidden', !filtered);
  };

  /** This page's own cards: all shown, in their prebuilt order. */
  const applyHere = (filters: ListingFilters) => {
    for (const item of items) item.product.stock = item.availability?.dataset.stock ?? null;
    const compare = compareBy(filters.sort);
    const sorted = [...items].sort((a, b) => compare(a.product, b.product));
    let shown = 0;
    for (const item of sorted) {
      const visible = matches(item.product, filters);
      item.element.hidden = !visible;
      if (visible) shown++;
      grid.append(item.element);
    }
    showStatus(shown, items.length, isFiltered(filters));
  };

  // A category of several pages is filtered as a whole through the listing API (remote-listing.ts).
  const remote = remoteListingOf(form);
  const staticPager = remote ? grid.parentElement?.querySelector<HTMLElement>('nav.pagination') : null;
  const resultPager = remote ? document.createElement('nav') : null;
  if (resultPager) {
    resultPager.className = 'listing-pager';
    resultPager.hidden = true;
    (staticPager ?? grid).after(resultPager);
  }
  const load = remote ? remoteLoader(remote, grid, items.map((item) => item.element)) : null;
  const pagerText: PagerText = { label: data.pagerLabel ?? '', previous: data.pagerPrevious ?? '', next: data.pagerNext ?? '', pageN: data.pagerPage ?? '' };
  let latest = 0;
  const urlOf = (filters: ListingFilters, page: number) => `${location.pathname}${resultQuery(filters, page)}`;

  const apply = async (filters: ListingFilters, page = 1): Promise<void> => {
    setNoindex(isFiltered(filters));
    if (!remote || !load || !resultPager) return applyHere(filters);
    const request = ++latest;
    if (!isFiltered(filters)) {
      grid.removeAttribute('aria-busy');
      grid.replaceChildren(...items.map((item) => item.element));
      for (const item of items) item.element.hidden = false;
      resultPager.hidden = true;
      if (staticPager) staticPager.hidden = false;
      showStatus(Number(data.total), Number(data.total), false);
      return;
    }
    grid.setAttribute('aria-busy', 'true');
    try {
      const result = await load(filters, page);
      if (request !== latest) return;
      for (const item of result.items) item.hidden = false;
      grid.replaceChildren(...result.items);
      grid.dispatchEvent(new Event(CARDS_ADDED, { bubbles: true }));
      if (staticPager) staticPager.hidden = true;
      renderPager(resultPager, result.page, Math.ceil(result.total / result.pageSize), (n) => urlOf(filters, n), pagerText);
      showStatus(result.total, Number(data.total), true);
    } catch {
      if (request === latest && status) status.textContent = data.error ?? '';
    } finally {
      if (request === latest) grid.removeAttribute('aria-busy');
    }
  };

  /** The form changed: a new history entry with the state, then the list follows. */
  const commit = (page = 1) => {
    const filters = formState(form);
    const url = `${urlOf(filters, remote && isFiltered(filters) ? page : 1)}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.pushState({ listing: true }, '', url);
    return apply(filters, page);
  };

  form.addEventListener('change', () => void commit());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void commit();
  });
  form.addEventListener('reset', () => {
    // After the browser has reset the controls.
    window.setTimeout(() => void commit(), 0);
  });
  resultPager?.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-page]') : null;
    if (!link) return;
    event.preventDefault();
    void commit(Number(link.dataset.page)).then(() => {
      grid.querySelector<HTMLAnchorElement>('[data-listing-card] a')?.focus();
    });
  });
  window.addEventListener('popstate', () => {
    const filters = filtersFromQuery(new URLSearchParams(location.search));
    setFormState(form, filters);
    void apply(filters, resultPageOf(location.search));
  });

  // "Available at my pharmacy" waits for the availability script's answer.
  const observer = new MutationObserver(() => {
    const filters = formState(form);
    if (filters.available && !remote) void apply(filters);
  });
  for (const item of items) if (item.availability) observer.observe(item.availability, { attributes: true, attributeFilter: ['data-stock'] });

  if (hasFilterParams(location.search)) {
    const filters = filtersFromQuery(new URLSearchParams(location.search));
    setFormState(form, filters);
    void apply(filters, resultPageOf(location.search));
  } else if (isFiltered(formState(form))) {
    // The shopper changed a control before this script arrived.
    void commit();
  } else if (!remote) {
    applyHere(formState(form));
  } else {
    showStatus(Number(data.total), Number(data.total), false);
  }
}

export { SORTS, type Sort };
