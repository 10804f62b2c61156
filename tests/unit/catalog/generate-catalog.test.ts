import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/features/catalog/model/load-catalog';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('npm run catalog:generate', () => {
  it('writes a valid synthetic catalogue of the requested size', { timeout: 120_000 }, async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'apobote-generated-')), 'catalog');
    dirs.push(path.dirname(out));
    const result = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/catalog-generate.ts', '--products', '1000', '--out', out], {
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);

    const [generated, demo] = await Promise.all([loadCatalog(out), loadCatalog(path.resolve('catalog'))]);
    expect(generated.products).toHaveLength(1000);
    expect(new Set(generated.products.map((p) => p.pzn)).size).toBe(1000);
    expect(generated.categories).toEqual(demo.categories);
    expect(generated.pharmacies).toEqual(demo.pharmacies);
    expect(generated.popularSearches).toEqual(demo.popularSearches);
    for (const category of generated.categories) {
      const inCategory = generated.products.filter((p) => p.categorySlug === category.slug).length;
      expect(inCategory).toBeGreaterThanOrEqual(52);
      expect(inCategory).toBeLessThanOrEqual(53);
    }
    expect(new Set(generated.products.map((p) => `${p.name}|${p.package.amount}`)).size).toBe(1000);
    expect(generated.stock.length).toBeGreaterThan(1000);
  });

  it('refuses to write into the demo catalogue', { timeout: 60_000 }, () => {
    const result = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/catalog-generate.ts', '--products', '10', '--out', 'catalog'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Refusing to overwrite the demo catalogue/);
  });
});
