/**
 * Paging for prebuilt listing pages. Page 1 lives at the base path (`/shop/category/x/`), later pages
 * at `/shop/category/x/2/`, so the first page keeps the short URL search engines already know and
 * `/1/` is never generated (it would duplicate page 1).
 */
export const CATEGORY_PAGE_SIZE = 48;

export function pageCount(total: number, pageSize: number = CATEGORY_PAGE_SIZE): number {
  // An empty category still gets its first page: it says so instead of answering 404.
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The items of 1-based page `page`. */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number = CATEGORY_PAGE_SIZE): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** `basePath` must end with '/'. */
export function pagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}${page}/`;
}

/** The `[...page]` rest parameter for getStaticPaths: undefined for page 1, '2', '3', … after. */
export function pageParam(page: number): string | undefined {
  return page <= 1 ? undefined : String(page);
}

export interface PageLinks {
  prev?: string;
  next?: string;
}

export function pageLinks(basePath: string, page: number, pages: number): PageLinks {
  return {
    ...(page > 1 ? { prev: pagePath(basePath, page - 1) } : {}),
    ...(page < pages ? { next: pagePath(basePath, page + 1) } : {}),
  };
}

/**
 * Page numbers to show in the pagination bar: always the first and last, the current one and its
 * neighbours; `null` marks a gap. Short enough for a phone screen whatever the page count.
 */
export function pageWindow(page: number, pages: number, neighbours = 1): (number | null)[] {
  if (pages <= 5 + 2 * neighbours) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, page - neighbours);
  const to = Math.min(pages - 1, page + neighbours);
  const window: (number | null)[] = [1];
  if (from > 2) window.push(from === 3 ? 2 : null);
  for (let n = from; n <= to; n++) window.push(n);
  if (to < pages - 1) window.push(to === pages - 2 ? pages - 1 : null);
  window.push(pages);
  return window;
}
