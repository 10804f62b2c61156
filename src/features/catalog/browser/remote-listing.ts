import { createApiClient } from '../../../platform/api-client';
import { isLocale } from '../../../platform/i18n/locales';
import { filtersToQuery, type ListingFilters } from '../model/listing-filters';
import { pagePath, pageWindow } from '../model/paging';

/**
 * Filters on a category of several prebuilt pages: the page has only its own 48 cards, so the
 * filtered, sorted, paged list comes from the listing API and is shown in place of the grid, with
 * its own page links (?…&page=2). The cards are the prebuilt ones, fetched once from the
 * category's other pages: the same markup, prices and badges, without a second renderer. Once
 * shown they are announced (ui/browser/page-lifecycle), so the cart script mounts its steppers on
 * them; favourite hearts work by the favourites script's delegated clicks.
 */

export interface RemoteListing {
  category: string;
  /** Localized path of the category's page 1, ending with '/'. */
  basePath: string;
  /** The prebuilt page this document is, and how many there are. */
  page: number;
  pages: number;
}

export function remoteListingOf(form: HTMLFormElement): RemoteListing | null {
  const { category, basePath, page, pages } = form.dataset;
  if (!category || !basePath || Number(pages) <= 1) return null;
  return { category, basePath, page: Number(page) || 1, pages: Number(pages) };
}

/** The filtered result's page from `?page=` (1 when absent or not a page number). */
export function resultPageOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}

export const resultQuery = (filters: ListingFilters, page: number): string => {
  const query = filtersToQuery(filters);
  return page > 1 ? `${query}&page=${page}` : query;
};

/** The shopper's pharmacy as the pharmacies feature stores it (shopping-location.ts), for "available". */
function selectedPharmacyId(): string | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem('apobote.pharmacy') ?? 'null');
    return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string' && value.id !== '' ? value.id : null;
  } catch {
    return null;
  }
}

const pznOf = (item: Element) => item.querySelector<HTMLElement>('[data-listing-card]')?.dataset.pzn ?? '';

export interface ResultPage {
  items: HTMLElement[];
  total: number;
  page: number;
  pageSize: number;
}

export function remoteLoader(remote: RemoteListing, grid: HTMLElement, ownItems: readonly HTMLElement[]) {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'en';
  const client = createApiClient({ locale });
  let cards: Promise<Map<string, HTMLElement>> | null = null;

  /** Every card of the category by PZN: this page's own, then those of the other prebuilt pages. */
  const allCards = () =>
    (cards ??= (async () => {
      const byPzn = new Map(ownItems.map((item) => [pznOf(item), item]));
      const others = Array.from({ length: remote.pages }, (_, i) => i + 1).filter((n) => n !== remote.page);
      const pages = await Promise.all(
        others.map(async (n) => {
          const response = await fetch(pagePath(remote.basePath, n));
          if (!response.ok) throw new Error(`page ${n}: ${response.status}`);
          return new DOMParser().parseFromString(await response.text(), 'text/html');
        }),
      );
      for (const page of pages) {
        for (const item of page.querySelectorAll<HTMLElement>(`#${grid.id} > li`)) {
          byPzn.set(pznOf(item), document.adoptNode(item));
        }
      }
      return byPzn;
    })().catch((error: unknown) => {
      cards = null;
      throw error;
    }));

  /** One page of the filtered list; "available" without a chosen pharmacy has nothing to show. */
  return async (filters: ListingFilters, page: number): Promise<ResultPage> => {
    const pharmacy = filters.available ? selectedPharmacyId() : null;
    if (filters.available && !pharmacy) return { items: [], total: 0, page, pageSize: 1 };
    const [{ data, error }, byPzn] = await Promise.all([
      client.GET('/api/shop/v1/listing', {
        params: {
          query: {
            category: remote.category,
            locale,
            brand: filters.brands,
            form: filters.forms,
            kind: filters.kinds as ('prescription' | 'pharmacy-only' | 'free-sale' | 'non-medicine')[],
            ...(filters.minEuros !== null ? { min: filters.minEuros } : {}),
            ...(filters.maxEuros !== null ? { max: filters.maxEuros } : {}),
            ...(pharmacy ? { available: '1' as const, pharmacy } : {}),
            sort: filters.sort,
            page,
          },
        },
      }),
      allCards(),
    ]);
    if (!data) throw new Error(error?.code ?? 'GENERIC_ERROR');
    // A product imported after the pages were built has no card yet: it is counted, not shown.
    const items = data.items.flatMap((product) => byPzn.get(product.pzn) ?? []);
    return { items, total: data.total, page: data.page, pageSize: data.pageSize };
  };
}

export interface PagerText {
  label: string;
  previous: string;
  next: string;
  /** With {page}. */
  pageN: string;
}

/** Page links of the filtered result, in the prebuilt pagination's shape. */
export function renderPager(nav: HTMLElement, page: number, pages: number, href: (page: number) => string, text: PagerText): void {
  nav.hidden = pages <= 1;
  nav.setAttribute('aria-label', text.label);
  const list = document.createElement('ul');
  list.setAttribute('role', 'list');
  const link = (n: number, label: string, className: string, extra?: { rel?: string; ariaLabel?: string }) => {
    const item = document.createElement('li');
    const anchor = document.createElement('a');
    anchor.href = href(n);
    anchor.className = className;
    anchor.textContent = label;
    anchor.dataset.page = String(n);
    if (extra?.rel) anchor.rel = extra.rel;
    if (extra?.ariaLabel) anchor.setAttribute('aria-label', extra.ariaLabel);
    if (n === page && className === 'number') anchor.setAttribute('aria-current', 'page');
    item.append(anchor);
    list.append(item);
  };
  if (page > 1) link(page - 1, text.previous, 'step', { rel: 'prev' });
  for (const n of pageWindow(page, pages)) {
    if (n === null) {
      const gap = document.createElement('li');
      gap.className = 'gap';
      gap.setAttribute('aria-hidden', 'true');
      gap.textContent = '…';
      list.append(gap);
    } else link(n, String(n), 'number', { ariaLabel: text.pageN.replace('{page}', String(n)) });
  }
  if (page < pages) link(page + 1, text.next, 'step', { rel: 'next' });
  nav.replaceChildren(list);
}
