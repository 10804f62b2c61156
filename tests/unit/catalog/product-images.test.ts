import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCatalogCache } from '../../../src/features/catalog/model/load-catalog';
import { packLabel, productImageSvg } from '../../../src/features/catalog/model/product-image';
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

describe('packshot per dosage form', () => {
  const tablets = { ...sample, name: 'Ramipril-ratiopharm 5 mg Tabletten', brand: 'ratiopharm', package: { amount: 20, unit: 'pcs' as const, label: { en: '20 tablets', de: '20 Tabletten' } } };

  it('labels the pack with brand, name and strength a shopper can read in a listing', () => {
    const svg = productImageSvg({ ...tablets, dosageForm: { en: 'Tablet', de: 'Tablette' } });
    expect(svg).toContain('>ratiopharm</text>');
    expect(svg).toContain('>Ramipril-</text>');
    expect(svg).toContain('>5 mg</text>');
    expect(Buffer.byteLength(svg)).toBeLessThan(2048);
  });

  it('shows tablets and capsules with their blister, powders and tea in a plain carton', () => {
    const blister = '#aab4bf';
    expect(productImageSvg({ ...tablets, dosageForm: { en: 'Film-coated tablet', de: 'Filmtablette' } })).toContain(blister);
    expect(productImageSvg({ ...tablets, name: 'Kräutergarten Salbeitee', dosageForm: undefined })).not.toContain(blister);
  });

  it('takes the strength from the name, never a homeopathic potency', () => {
    expect(packLabel('Ibuprofen 1 A Pharma 400 mg Filmtabletten')).toEqual({ name: 'Ibuprofen 1 A Pharma', strength: '400 mg' });
    expect(packLabel('Hydrocortison-ratiopharm 0,5 % Creme')).toEqual({ name: 'Hydrocortison-ratiopharm', strength: '0,5 %' });
    expect(packLabel('Arnica montana Homoeovita C30 Globuli')).toEqual({ name: 'Arnica montana Homoeovita', strength: null });
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
