import type { Product } from './catalog-schema';
import { hashHue } from './product-image-colors';

export { categoryHue } from './product-image-colors';

const SIZE = 480;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);
}

type Shape = 'box' | 'blister' | 'bottle' | 'tube';
type ImageFacts = Pick<Product, 'name' | 'brand' | 'pzn' | 'package' | 'kind'> & { dosageForm?: Product['dosageForm'] };

const COUNTED_IN_BLISTERS = /tablette|kapsel|dragee|pastille|lutsch|kaugummi/i;

/**
 * The pack a shopper expects for the dosage form: tablets and capsules in a carton with its
 * blister, liquids in bottles, creams and gels in tubes, globules in a small bottle, the rest boxed.
 */
function shapeOf(product: ImageFacts): Shape {
  const form = product.dosageForm?.de ?? '';
  if (product.package.unit === 'ml' || product.package.unit === 'l' || /globuli/i.test(form)) return 'bottle';
  if (product.package.unit === 'g' || product.package.unit === 'kg') return 'tube';
  return COUNTED_IN_BLISTERS.test(form) || COUNTED_IN_BLISTERS.test(product.name) ? 'blister' : 'box';
}

const box = (dark: string, light: string) =>
  `<path d="M120 150l40-40h200l-40 40z" fill="${light}"/><path d="M360 110v230l-40 40V150z" fill="${dark}"/>` +
  `<rect x="120" y="150" width="200" height="230" rx="6" fill="url(#g)"/>`;
// Pills in a silver strip peeking out behind the carton.
const blisterStrip =
  `<rect x="250" y="190" width="170" height="140" rx="10" fill="#cfd6de" stroke="#aab4bf" stroke-width="3"/>` +
  `<circle cx="392" cy="225" r="13" fill="#f4f6f9"/><circle cx="392" cy="260" r="13" fill="#f4f6f9"/><circle cx="392" cy="295" r="13" fill="#f4f6f9"/>`;

// Silhouettes share one centre line (x = 240) and a label area from y = 230.
const SHAPES: Record<Shape, (dark: string, light: string) => string> = {
  box,
  blister: (dark, light) => blisterStrip + box(dark, light),
  bottle: (dark) =>
    `<rect x="205" y="70" width="70" height="46" rx="8" fill="${dark}"/><path d="M215 116h50v24c40 10 65 36 65 76v150q0 24-24 24H174q-24 0-24-24V216c0-40 25-66 65-76z" fill="url(#g)"/>`,
  tube: (dark) =>
    `<rect x="212" y="56" width="56" height="44" rx="10" fill="${dark}"/><path d="M190 100h100l40 40v270H150V140z" fill="url(#g)"/><rect x="150" y="400" width="180" height="24" rx="4" fill="${dark}"/>`,
};

// A number with its unit, not glued to letters ("C30 Globuli" and "D6" are potencies, not strengths).
const STRENGTH = /(?<![\p{L}\d])\d+(?:[.,]\d+)?\s?(?:mg|µg|mcg|g|%|I\.\s?E\.|IE|ml)(?:\s?\/\s?\d*\s?(?:ml|g|Hub|Dosis))?(?![\p{L}])/iu;

/** "Ramipril-ratiopharm 5 mg Tabletten" → name "Ramipril-ratiopharm", strength "5 mg". */
export function packLabel(name: string): { name: string; strength: string | null } {
  const match = STRENGTH.exec(name);
  const before = match ? name.slice(0, match.index).trim() : '';
  const short = before || name.split(/\s+/).slice(0, 3).join(' ');
  return { name: short, strength: match ? match[0].replace(/\s+/g, ' ') : null };
}

/** Words (and hyphenated parts) into at most two lines of about 14 letters; the rest ends in "…". */
function lines(text: string, width = 14): string[] {
  const parts = text.split(/(?<=-)|\s+/).filter(Boolean);
  const out: string[] = [''];
  for (const part of parts) {
    const line = out[out.length - 1]!;
    const joined = line && !line.endsWith('-') ? `${line} ${part}` : line + part;
    if (line && joined.length > width) {
      if (out.length === 2) {
        out[1] = `${line.slice(0, width - 1)}…`;
        return out;
      }
      out.push(part);
    } else out[out.length - 1] = joined;
  }
  return out.map((entry) => (entry.length > width + 4 ? `${entry.slice(0, width + 3)}…` : entry));
}

/** Font size that keeps the longest line inside the 180 px label (bold sans-serif is ~0.62 em per letter). */
function fontSize(longest: number, max: number): number {
  return Math.max(13, Math.min(max, Math.floor(176 / (0.62 * Math.max(longest, 1)))));
}

/**
 * A small (< 2 KB), self-contained SVG standing in for a product photo: the pack of its dosage form
 * in the category's colour, its label legible in a listing: brand, name and strength. No external
 * fonts or references, so it works offline.
 */
export function productImageSvg(product: ImageFacts, hue = hashHue(product.pzn)): string {
  const shape = shapeOf(product);
  const dark = `hsl(${hue} 55% 32%)`;
  const light = `hsl(${hue} 60% 62%)`;
  const brand = product.brand.length > 18 ? `${product.brand.slice(0, 17)}…` : product.brand;
  const label = packLabel(product.name);
  const nameLines = lines(label.name);
  const nameSize = fontSize(Math.max(...nameLines.map((line) => line.length)), 24);
  const cross =
    product.kind === 'non-medicine'
      ? ''
      : `<path d="M${shape === 'box' || shape === 'blister' ? 200 : 210} 170h20v-20h20v20h20v20h-20v20h-20v-20h-20z" fill="#fff" opacity=".9"/>`;
  const x = shape === 'box' || shape === 'blister' ? 220 : 240;
  const font = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" text-anchor="middle"`;
  let y = 254;
  let text = `<text x="${x}" y="${y}" ${font} font-size="${fontSize(brand.length, 17)}" font-weight="600" fill="${dark}">${escapeXml(brand)}</text>`;
  for (const line of nameLines) {
    y += nameSize + 4;
    text += `<text x="${x}" y="${y}" ${font} font-size="${nameSize}" font-weight="700" fill="#1f2933">${escapeXml(line)}</text>`;
  }
  if (label.strength) {
    y += 28;
    text += `<text x="${x}" y="${y}" ${font} font-size="20" font-weight="700" fill="${dark}">${escapeXml(label.strength)}</text>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-labelledby="t">` +
    `<title id="t">${escapeXml(product.name)}</title>` +
    `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="hsl(${hue} 45% 95%)"/>` +
    `<ellipse cx="240" cy="430" rx="150" ry="14" fill="hsl(${hue} 20% 80%)"/>` +
    SHAPES[shape](dark, light) +
    cross +
    `<rect x="${x - 92}" y="228" width="184" height="${y - 212}" rx="8" fill="#fff" opacity=".94"/>` +
    text +
    `</svg>`
  );
}
