// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories, products } from '../../src/features/catalog/server/schema';
import { stock } from '../../src/features/pharmacies/server/schema';
import { mountListingFilters } from '../../src/features/catalog/browser/filters';
import { CARDS_ADDED } from '../../src/ui/browser/page-lifecycle';
import { createTestDb, type TestDb } from './support/test-db';
import { testApi } from './support/api';
import { PHARMACY, seedPharmacies, validPzns } from './support/fixtures';

/*
 * The category page's filter script on a category of two prebuilt pages (48 + 12 products),
 * against the real listing API: a filter narrows the whole category (products of page 2 shown on
 * page 1), the filtered result has its own page links, the URL carries the state and back restores
 * the prebuilt page.
 */

const CATEGORY = 'bandages';
const BASE = '/shop/category/bandages/';
const COUNT = 60;
const text = (en: string, de: string) => ({ en, de });
const PZNS = validPzns(COUNT, 6_500_000);
/** Every sixth product is Beta's (10), the others Alpha's (50); prices 1,00 € to 60,00 €. */
const SEEDED = PZNS.map((pzn, i) => ({
  pzn,
  name: `Binde ${String(i + 1).padStart(2, '0')}`,
  brand: i % 6 === 0 ? 'Beta' : 'Alpha',
  priceCents: (i + 1) * 100,
}));

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
const fetched: string[] = [];
const announced: HTMLElement[] = [];
document.addEventListener(CARDS_ADDED, (event) => announced.push(event.target as HTMLElement));

function card(p: (typeof SEEDED)[number]): string {
  return `<li><article data-listing-card data-pzn="${p.pzn}" data-brand="${p.brand}" data-form="" data-kind="non-medicine" data-price="${p.priceCents}" data-unit-price="${p.priceCents}" data-name="${p.name}">
    <h2><a href="/shop/product/${p.pzn}/">${p.name}</a></h2><p data-availability data-pzn="${p.pzn}"></p>
    <div class="card-actions"><button type="button" data-cart-add>Add</button></div></article></li>`;
}

/** A prebuilt category page as CategoryPage.astro renders it (the parts the script reads). */
function categoryPage(page: number): string {
  const items = SEEDED.slice((page - 1) * 48, page * 48);
  return `<main>
    <form data-listing-filters data-grid="category-products" data-status-all="{count} products" data-status-some="{shown} of {count} products shown"
      data-total="${COUNT}" data-category="${CATEGORY}" data-base-path="${BASE}" data-page="${page}" data-pages="2" data-error="Could not load"
      data-pager-label="Pages of the filtered list" data-pager-previous="Previous page" data-pager-next="Next page" data-pager-page="Page {page}">
      <select name="sort"><option value="relevance">Relevance</option><option value="price-desc">Price: high to low</option></select>
      <p data-listing-status></p>
      <input type="checkbox" name="brand" value="Alpha"><input type="checkbox" name="brand" value="Beta">
      <input type="checkbox" name="available" value="1">
    </form>
    <ul id="category-products">${items.map(card).join('')}</ul>
    <nav class="pagination"><a href="${BASE}2/">2</a></nav>
  </main>`;
}

beforeAll(async () => {
  testDb = await createTestDb();
  await seedPharmacies(testDb.db);
  await testDb.db.insert(categories).values({ slug: CATEGORY, position: 1, name: text('Bandages', 'Binden'), description: text('Bandages', 'Binden') });
  await testDb.db.insert(products).values(
    SEEDED.map((p) => ({
      pzn: p.pzn,
      slug: `binde-${p.pzn}`,
      name: p.name,
      brand: p.brand,
      manufacturer: 'Test GmbH',
      categorySlug: CATEGORY,
      priceCents: p.priceCents,
      packageAmount: 1,
      packageUnit: 'pcs' as const,
      packageLabel: text('1 piece', '1 Stück'),
      kind: 'non-medicine' as const,
      shortDescription: text('Short', 'Kurz'),
      description: text('Long', 'Lang'),
      imagePath: `images/products/${p.pzn}.svg`,
    })),
  );
  // In stock at the pharmacy: Binde 01 (Beta) and Binde 50 (Alpha, on the second prebuilt page).
  await testDb.db.insert(stock).values([
    { pharmacyId: PHARMACY.daily, pzn: SEEDED[0]!.pzn, quantity: 9 },
    { pharmacyId: PHARMACY.daily, pzn: SEEDED[49]!.pzn, quantity: 2 },
  ]);
  app = testApi(testDb);
  // The browser's fetch: the API through the app, the category's other prebuilt page as HTML.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const url = new URL(request.url, location.origin);
    fetched.push(url.pathname);
    if (url.pathname.startsWith('/api/')) return app.request(`${url.pathname}${url.search}`, { headers: request.headers });
    if (url.pathname === `${BASE}2/`) return new Response(`<!doctype html><html><body>${categoryPage(2)}</body></html>`, { headers: { 'Content-Type': 'text/html' } });
    return new Response('not found', { status: 404 });
  });
}, 60_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await testDb?.close();
});

const shownNames = () => [...document.querySelectorAll<HTMLElement>('#category-products > li:not([hidden]) [data-listing-card]')].map((el) => el.dataset.name);
const status = () => document.querySelector('[data-listing-status]')?.textContent;
const statusHidden = () => document.querySelector('[data-listing-status]')?.classList.contains('visually-hidden');
const form = () => document.querySelector<HTMLFormElement>('form[data-listing-filters]')!;
const pager = () => document.querySelector<HTMLElement>('nav.listing-pager')!;
const check = (name: string, value: string) => {
  const input = form().querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!;
  input.checked = true;
  form().dispatchEvent(new Event('change', { bubbles: true }));
};
const select = (value: string) => {
  form().querySelector<HTMLSelectElement>('select[name="sort"]')!.value = value;
  form().dispatchEvent(new Event('change', { bubbles: true }));
};

describe('filters on a category of several prebuilt pages', () => {
  it('narrow and sort the whole category, page the result, keep the state in the URL, and back restores', async () => {
    history.replaceState(null, '', BASE);
    document.documentElement.lang = 'en';
    document.body.innerHTML = categoryPage(1);
    mountListingFilters(form());
    expect(shownNames()).toHaveLength(48);
    expect(status()).toBe('60 products');
    // Unfiltered it repeats the page's own count: for screen readers only, taking no room.
    expect(statusHidden()).toBe(true);

    // Beta's ten products are spread over both prebuilt pages; the filter finds all of them.
    check('brand', 'Beta');
    expect(location.search).toBe('?brand=Beta');
    await vi.waitFor(() => expect(status()).toBe('10 of 60 products shown'));
    expect(statusHidden()).toBe(false);
    const beta = SEEDED.filter((p) => p.brand === 'Beta');
    expect(shownNames()).toEqual(beta.map((p) => p.name));
    expect(fetched).toContain(`${BASE}2/`);
    // Every card keeps its controls, and the cards are announced so the cart script mounts its steppers on them.
    expect(document.querySelectorAll('#category-products [data-cart-add]')).toHaveLength(beta.length);
    expect(announced.at(-1)).toBe(document.getElementById('category-products'));
    expect(document.querySelector<HTMLElement>('nav.pagination')!.hidden).toBe(true);
    expect(pager().hidden).toBe(true);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');

    // Alpha's 50, dearest first: two pages of 48 and 2.
    form().querySelector<HTMLInputElement>('input[value="Beta"]')!.checked = false;
    check('brand', 'Alpha');
    select('price-desc');
    const alpha = SEEDED.filter((p) => p.brand === 'Alpha').sort((a, b) => b.priceCents - a.priceCents);
    await vi.waitFor(() => expect(shownNames()).toEqual(alpha.slice(0, 48).map((p) => p.name)));
    expect(location.search).toBe('?brand=Alpha&sort=price-desc');
    expect(pager().hidden).toBe(false);
    pager().querySelector<HTMLAnchorElement>('a[data-page="2"]')!.click();
    await vi.waitFor(() => expect(shownNames()).toEqual(alpha.slice(48).map((p) => p.name)));
    expect(location.search).toBe('?brand=Alpha&sort=price-desc&page=2');
    expect(pager().querySelector('[aria-current="page"]')?.textContent).toBe('2');

    // Back: page 1 of the same result; back past Alpha and Beta restores the prebuilt page.
    history.back();
    await vi.waitFor(() => expect(location.search).toBe('?brand=Alpha&sort=price-desc'));
    await vi.waitFor(() => expect(shownNames()).toEqual(alpha.slice(0, 48).map((p) => p.name)));
    history.go(-3);
    await vi.waitFor(() => expect(location.search).toBe(''));
    await vi.waitFor(() => expect(shownNames()).toEqual(SEEDED.slice(0, 48).map((p) => p.name)));
    expect(status()).toBe('60 products');
    expect(document.querySelector<HTMLElement>('nav.pagination')!.hidden).toBe(false);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("keeps only what the shopper's pharmacy has, from every page", async () => {
    history.replaceState(null, '', BASE);
    document.body.innerHTML = categoryPage(1);
    localStorage.setItem('apobote.pharmacy', JSON.stringify({ id: PHARMACY.daily, name: 'Apotheke Mitte' }));
    mountListingFilters(form());
    check('available', '1');
    await vi.waitFor(() => expect(shownNames()).toEqual(['Binde 01', 'Binde 50']));
    expect(location.search).toBe('?available=1');
  });
});
