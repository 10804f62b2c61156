import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE, pageCount, pageItems, pageLinks, pageParam, pagePath, pageWindow } from '../../../src/features/catalog/model/paging';

describe('category paging', () => {
  it('puts 48 products on a page and keeps an empty category on one page', () => {
    expect(CATEGORY_PAGE_SIZE).toBe(48);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(48)).toBe(1);
    expect(pageCount(49)).toBe(2);
    expect(pageCount(526)).toBe(11);
  });

  it('slices the items of a 1-based page', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(pageItems(items, 1)).toHaveLength(48);
    expect(pageItems(items, 2)[0]).toBe(48);
    expect(pageItems(items, 3)).toEqual([96, 97, 98, 99]);
  });

  it('serves page 1 at the base path and never generates /1/', () => {
    expect(pagePath('/shop/category/cold-and-flu/', 1)).toBe('/shop/category/cold-and-flu/');
    expect(pagePath('/shop/category/cold-and-flu/', 2)).toBe('/shop/category/cold-and-flu/2/');
    expect(pageParam(1)).toBeUndefined();
    expect(pageParam(3)).toBe('3');
  });

  it('links to the previous and next pages only where they exist', () => {
    const base = '/de/shop/category/vitamins/';
    expect(pageLinks(base, 1, 1)).toEqual({});
    expect(pageLinks(base, 1, 3)).toEqual({ next: '/de/shop/category/vitamins/2/' });
    expect(pageLinks(base, 2, 3)).toEqual({ prev: base, next: '/de/shop/category/vitamins/3/' });
    expect(pageLinks(base, 3, 3)).toEqual({ prev: '/de/shop/category/vitamins/2/' });
  });

  it('shows every page number when there are few, a window with gaps otherwise', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 11)).toEqual([1, 2, null, 11]);
    expect(pageWindow(6, 11)).toEqual([1, null, 5, 6, 7, null, 11]);
    expect(pageWindow(3, 11)).toEqual([1, 2, 3, 4, null, 11]);
    expect(pageWindow(4, 11)).toEqual([1, 2, 3, 4, 5, null, 11]);
    expect(pageWindow(11, 11)).toEqual([1, null, 10, 11]);
    expect(pageWindow(9, 11)).toEqual([1, null, 8, 9, 10, 11]);
  });
});
