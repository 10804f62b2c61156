/**
 * `npx tsx scripts/bench/measure-js-only.ts [--files]`: only the page-weight part of `npm run bench`,
 * on the current build in `dist/` (`npx astro build` first; PORT, default 4397, for the server it
 * starts): JS shipped before interaction (gzip) on the catalogue pages (budget 20 KB) and on the
 * pages with islands (budget 85 KB), each as the one who uses it. `--files` also lists each page's scripts.
 */
import path from 'node:path';
import { loadCatalog, productSlug } from '../../src/features/catalog';
import { DEMO_MANAGER_PASSWORD, DEMO_PHARMACIST_PASSWORD, demoManagerEmail, demoPharmacistEmail } from '../../src/features/accounts';
import { DEMO_COURIER_PASSWORD, demoCourierEmail } from '../../src/features/delivery';
import { CATALOGUE_JS_BUDGET_KB, ISLAND_JS_BUDGET_KB, ISLAND_PAGES, measureJs, type IslandVisitor } from './measure-js';
import { startServer } from './server';

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const catalog = await loadCatalog(path.resolve('catalog'));
  const category = catalog.categories[0]!;
  const product = catalog.products.find((p) => p.kind !== 'prescription' && p.categorySlug === category.slug) ?? catalog.products[0]!;
  const server = await startServer({ port: Number(process.env.PORT ?? 4397) });
  try {
    const catalogue = [
      { name: 'home', url: `${server.baseUrl}/shop/` },
      { name: 'category', url: `${server.baseUrl}/shop/category/${category.slug}/` },
      { name: 'product', url: `${server.baseUrl}/shop/product/${productSlug(product)}/` },
    ];
    const login = async (email: string, password: string) => {
      const response = await fetch(`${server.baseUrl}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    };
    const customer = await login('demo@apobote.de', 'apobote-demo');
    // A Berlin delivery address and one product in the cart, so the cart and the checkout show their full screens (an empty
    // cart's checkout sends the customer to the cart).
    const pharmacyId = 'berlin-alexanderplatz';
    const orderable = new Set(catalog.products.filter((p) => p.kind !== 'prescription').map((p) => p.pzn));
    const stocked = catalog.stock.find((s) => s.pharmacyId === pharmacyId && s.quantity >= 10 && orderable.has(s.pzn))!;
    const asCustomer = (method: string, apiPath: string, body: unknown) =>
      fetch(`${server.baseUrl}/api/v1/user${apiPath}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}`, origin: server.baseUrl },
        body: JSON.stringify(body),
      }).then((response) => {
        if (!response.ok) return response.text().then((text) => Promise.reject(new Error(`${method} ${apiPath}: ${response.status} ${text}`)));
      });
    await asCustomer('POST', '/shipping/', { street_address: 'Karl-Liebknecht-Straße', house_number: '13', postal_code: '10178', locality: 'Berlin' });
    await asCustomer('PUT', '/cart/pharmacy', { pharmacyId });
    await asCustomer('PUT', `/cart/items/${stocked.pzn}`, { quantity: 1 });
    const tokens: Record<IslandVisitor, string | undefined> = {
      guest: undefined,
      customer,
      pharmacist: await login(demoPharmacistEmail(pharmacyId), DEMO_PHARMACIST_PASSWORD),
      manager: await login(demoManagerEmail(pharmacyId), DEMO_MANAGER_PASSWORD),
      courier: await login(demoCourierEmail('Berlin', 1), DEMO_COURIER_PASSWORD),
    };
    const islands = ISLAND_PAGES.map((p) => ({ name: p.name, url: `${server.baseUrl}${p.path}`, token: tokens[p.as ?? 'customer'] }));
    const measured = await measureJs([...catalogue, ...islands]);
    const catalogueNames = new Set(catalogue.map((p) => p.name));
    console.table(
      measured.map((m) => {
        const budget = catalogueNames.has(m.page) ? CATALOGUE_JS_BUDGET_KB : ISLAND_JS_BUDGET_KB;
        return { page: m.page, total: KB(m.scriptBytesGzip), files: m.scriptFiles, budget: `${budget} KB`, within: m.scriptBytesGzip <= budget * 1024 };
      }),
    );
    if (process.argv.includes('--files')) {
      for (const m of measured) {
        console.log(`\n${m.page}:`);
        for (const s of [...m.scripts].sort((a, b) => b.bytesGzip - a.bytesGzip)) console.log(`  ${KB(s.bytesGzip).padStart(9)}  ${s.url.replace(server.baseUrl, '')}`);
      }
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
