import {
  compareBy,
  FILTER_PARAMS,
  filtersFromQuery,
  filtersToQuery,
  isFiltered,
  matches,
  SORTS,
  type ListedProduct,
  type ListingFilters,
  type Sort,
} from '../model/listing-filters';

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
  const template = (key: 'statusAll' | 'statusSome') => form.dataset[key] ?? '';

  const apply = (filters: ListingFilters) => {
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
    if (status) {
      status.textContent = (shown === items.length ? template('statusAll') : template('statusSome'))
        .replace('{shown}', String(shown))
        .replace('{count}', String(items.length));
    }
    setNoindex(isFiltered(filters));
  };

  /** The form changed: a new history entry with the state, then the list follows. */
  const commit = () => {
    const filters = formState(form);
    const url = `${location.pathname}${filtersToQuery(filters)}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.pushState({ listing: true }, '', url);
    apply(filters);
  };

  form.addEventListener('change', commit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    commit();
  });
  form.addEventListener('reset', () => {
    // After the browser has reset the controls.
    window.setTimeout(commit, 0);
  });
  window.addEventListener('popstate', () => {
    const filters = filtersFromQuery(new URLSearchParams(location.search));
    setFormState(form, filters);
    apply(filters);
  });

  // "Available at my pharmacy" waits for the availability script's answer.
  const observer = new MutationObserver(() => {
    const filters = formState(form);
    if (filters.available) apply(filters);
  });
  for (const item of items) if (item.availability) observer.observe(item.availability, { attributes: true, attributeFilter: ['data-stock'] });

  if (hasFilterParams(location.search)) {
    const filters = filtersFromQuery(new URLSearchParams(location.search));
    setFormState(form, filters);
    apply(filters);
  } else if (isFiltered(formState(form))) {
    // The shopper changed a control before this script arrived.
    commit();
  } else {
    apply(formState(form));
  }
}

export { SORTS, type Sort };
