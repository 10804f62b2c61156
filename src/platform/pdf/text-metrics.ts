import { FIRST_CODE, HELVETICA_BOLD_WIDTHS, HELVETICA_WIDTHS } from './font-widths';
import { encodeWinAnsi } from './win-ansi';

export type PdfFont = 'regular' | 'bold';

const WIDTHS: Record<PdfFont, readonly number[]> = { regular: HELVETICA_WIDTHS, bold: HELVETICA_BOLD_WIDTHS };
const ELLIPSIS = '…';

/** Width in points of text set in a font and size (what the encoded bytes will occupy). */
export function textWidth(text: string, font: PdfFont, size: number): number {
  const widths = WIDTHS[font];
  let units = 0;
  for (const byte of encodeWinAnsi(text)) units += widths[byte - FIRST_CODE] ?? 0;
  return (units * size) / 1000;
}

/** Shortens text with an ellipsis until it fits; text that fits is returned unchanged. */
export function fitText(text: string, font: PdfFont, size: number, maxWidth: number): string {
  if (textWidth(text, font, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(chars.join('').trimEnd() + ELLIPSIS, font, size) > maxWidth) chars.pop();
  return chars.length === 0 ? '' : chars.join('').trimEnd() + ELLIPSIS;
}

/**
 * Breaks text into lines no wider than maxWidth at spaces; a single word longer than a line is
 * cut with an ellipsis rather than overflowing into the next column. At most maxLines lines: the
 * last one then ends with an ellipsis.
 */
export function wrapText(text: string, font: PdfFont, size: number, maxWidth: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, font, size) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = fitText(word, font, size, maxWidth);
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const rest = lines.slice(maxLines - 1).join(' ');
  // The rest spans several lines, so it cannot fit: fitText ends it with the ellipsis.
  kept[maxLines - 1] = fitText(rest, font, size, maxWidth);
  return kept;
}
