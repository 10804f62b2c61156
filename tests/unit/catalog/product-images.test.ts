import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCatalogCache } from '../../../src/features/catalog/model/load-catalog';
import { productImageSvg } from '../../../src/features/catalog/model/product-image';
import { categoryHue } from '../../../src/features/catalog/model/product-image-colors';
import { productRecord, VALID_PZNS, validFiles, writeFixture } from './fixtures';

const sample = {
  pzn: '10019621',
  name: 'Salbe <für> "Hände" & Füße',
  brand: 'Sehr Lange Markenbezeichnung GmbH',
  kind: 'pharmacy-only' as const,
  package: { amount: 50, unit: 'g' as const, label: { en: '50 g ointment', de: '50 g Salbe' } },
};

describe('generated product SVG', () => {
  it('is a small, square, titled, self-contained SVG', () => {
    for (const unit of ['g', 'ml', 'pcs'] as const) {
      const svg = productImageSvg({ ...sample, package: { ...sample.package, unit } }, categoryHue('first-aid'));
      expect(Buffer.byteLength(svg)).toBeLessThan(2048);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="480" height="480" viewBox="0 0 480 480"/);
      expect(svg).toContain('<title id="t">Salbe &lt;für&gt; &quot;Hände&quot; &amp; Füße</title>');
      expect(svg).toContain('sans-serif');
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
      expect(svg).not.toMatch(/@import|<image|href=/);
    }
  });

  it('shortens long brands and colours by category', () => {
    const svg = productImageSvg(sample, categoryHue('vitamins'));
    expect(svg).toContain('Sehr Lange Marken…');
    expect(svg).toContain('hsl(35 ');
    expect(categoryHue('a-new-category')).toBe(categoryHue('a-new-category'));
  });
});

describe('images endpoint', () => {
  let dir: string;
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10, 0x80]);
  const previous = process.env.CATALOG_DIR;

  beforeAll(async () => {
    const files = validFiles();
    files.products.stomach = [
      productRecord(VALID_PZNS[0], 'Magentropfen', 'stomach', { image: 'shared-photo.png' }),
      productRecord(VALID_PZNS[1], 'Säureblocker', 'stomach', { image: 'shared-photo.png' }),
    ];
    dir = await writeFixture(files);
    await mkdir(path.join(dir, 'images'));
    await writeFile(path.join(dir, 'images', 'shared-photo.png'), png);
    process.env.CATALOG_DIR = dir;
    clearCatalogCache();
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.CATALOG_DIR;
    else process.env.CATALOG_DIR = previous;
    clearCatalogCache();
    await rm(dir, { recursive: true, force: true });
  });

  it('emits an editor image once and a generated SVG for the rest, byte for byte', async () => {
    const endpoint = await import('../../../src/pages/images/products/[file].ts');
    expect(endpoint.prerender).toBe(true);
    const paths = await endpoint.getStaticPaths();
    expect(paths.map((entry) => entry.params.file)).toEqual(['shared-photo.png', `${VALID_PZNS[2]}.svg`]);

    const call = (entry: (typeof paths)[number]) =>
      endpoint.GET({ props: entry.props, params: entry.params } as unknown as Parameters<typeof endpoint.GET>[0]) as Promise<Response>;
    const photo = await call(paths[0]!);
    expect(photo.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(png);

    const drawn = await call(paths[1]!);
    expect(drawn.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect(await drawn.text()).toContain('<title id="t">Vitamin D3 Tropfen</title>');
  });

  it('rejects a product whose image file is missing', async () => {
    const files = validFiles();
    files.products.vitamins = [productRecord(VALID_PZNS[2], 'Vitamin D3 Tropfen', 'vitamins', { image: 'missing.webp' })];
    const broken = await writeFixture(files);
    const { loadCatalog } = await import('../../../src/features/catalog/model/load-catalog');
    await expect(loadCatalog(broken)).rejects.toThrow(/image: catalog images folder has no file "missing\.webp"/);
    await rm(broken, { recursive: true, force: true });
  });
});
