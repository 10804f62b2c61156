import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRoute, GetStaticPaths } from 'astro';
import { categoryHue, defaultCatalogDir, loadCatalog, productImageFile, productImageSvg, type Product } from '../../../features/catalog';

export const prerender = true;

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

type Props = { kind: 'file'; source: string } | { kind: 'generated'; product: Product };

/** One image per product: the editor's file from catalog/images, else a generated pack SVG. */
export const getStaticPaths = (async () => {
  const catalog = await loadCatalog();
  const imagesDir = path.join(defaultCatalogDir(), 'images');
  const seen = new Set<string>();
  const paths: { params: { file: string }; props: Props }[] = [];
  for (const product of catalog.products) {
    const file = productImageFile(product);
    // Several products may share one editor image; it is emitted once.
    if (seen.has(file)) continue;
    seen.add(file);
    paths.push({ params: { file }, props: product.image ? { kind: 'file', source: path.join(imagesDir, file) } : { kind: 'generated', product } });
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = async ({ props, params }) => {
  const type = CONTENT_TYPES[path.extname(params.file ?? '').toLowerCase()] ?? 'application/octet-stream';
  if (props.kind === 'file') {
    const bytes = await readFile(props.source);
    return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': type } });
  }
  const svg = productImageSvg(props.product, categoryHue(props.product.categorySlug));
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
};
