import type { Product } from './catalog-schema';
import { hashHue } from './product-image-colors';

export { categoryHue } from './product-image-colors';

const SIZE = 480;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);
}

type Shape = 'box' | 'bottle' | 'tube';

/** Liquids come in bottles, creams and gels in tubes, everything counted in pieces in a carton. */
function shapeOf(product: Pick<Product, 'package'>): Shape {
  if (product.package.unit === 'ml' || product.package.unit === 'l') return 'bottle';
  if (product.package.unit === 'g' || product.package.unit === 'kg') return 'tube';
  return 'box';
}

// Silhouettes share one centre line (x = 240) and a label area around y = 270.
const SHAPES: Record<Shape, (dark: string, light: string) => string> = {
  box: (dark, light) =>
    `<path d="M120 150l40-40h200l-40 40z" fill="${light}"/><path d="M360 110v230l-40 40V150z" fill="${dark}"/>` +
    `<rect x="120" y="150" width="200" height="230" rx="6" fill="url(#g)"/>`,
  bottle: (dark) =>
    `<rect x="205" y="70" width="70" height="46" rx="8" fill="${dark}"/><path d="M215 116h50v24c40 10 65 36 65 76v150q0 24-24 24H174q-24 0-24-24V216c0-40 25-66 65-76z" fill="url(#g)"/>`,
  tube: (dark) =>
    `<rect x="212" y="56" width="56" height="44" rx="10" fill="${dark}"/><path d="M190 100h100l40 40v270H150V140z" fill="url(#g)"/><rect x="150" y="400" width="180" height="24" rx="4" fill="${dark}"/>`,
};

/** Font size that keeps the brand inside the 180 px label (semibold sans-serif is ~0.6 em per letter). */
function fontSize(text: string): number {
  return Math.max(14, Math.min(40, Math.floor(250 / Math.max(text.length, 1))));
}

/**
 * A small (< 2 KB), self-contained SVG standing in for a product photo: the pack silhouette in the
 * category's colour with the brand on it. No external fonts or references, so it works offline.
 */
export function productImageSvg(product: Pick<Product, 'name' | 'brand' | 'pzn' | 'package' | 'kind'>, hue = hashHue(product.pzn)): string {
  const shape = shapeOf(product);
  const dark = `hsl(${hue} 55% 32%)`;
  const light = `hsl(${hue} 60% 62%)`;
  const brand = product.brand.length > 18 ? `${product.brand.slice(0, 17)}…` : product.brand;
  const size = fontSize(brand);
  const cross =
    product.kind === 'non-medicine'
      ? ''
      : `<path d="M${shape === 'box' ? 200 : 210} 180h20v-20h20v20h20v20h-20v20h-20v-20h-20z" fill="#fff" opacity=".9"/>`;
  const labelX = shape === 'box' ? 220 : 240;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-labelledby="t">` +
    `<title id="t">${escapeXml(product.name)}</title>` +
    `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="hsl(${hue} 45% 95%)"/>` +
    `<ellipse cx="240" cy="430" rx="150" ry="14" fill="hsl(${hue} 20% 80%)"/>` +
    SHAPES[shape](dark, light) +
    cross +
    `<rect x="${labelX - 90}" y="${270 - size}" width="180" height="${size * 1.6}" rx="6" fill="#fff" opacity=".92"/>` +
    `<text x="${labelX}" y="${270 + size * 0.25}" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-size="${size}" font-weight="600" text-anchor="middle" fill="${dark}">${escapeXml(brand)}</text>` +
    `</svg>`
  );
}
