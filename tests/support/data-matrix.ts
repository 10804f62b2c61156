import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { A4, renderPdf, type RectOp } from '../../src/platform/pdf';

/**
 * Printed E-Rezept codes for tests: PNG pictures to upload (Playwright's setInputFiles takes the
 * Buffer) and a PDF like the "Patientenausdruck". Drawn by bwip-js, which encodes Data Matrix as
 * the printout's software does (ECC 200, square).
 */

export interface DataMatrixImageOptions {
  /** Pixels per module (default 4). */
  scale?: number;
  /** Quiet zone in pixels around the code (default 4 modules). */
  padding?: number;
}

/** The E-Rezept text of one token: `{"urls":["Task/<id>/$accept?ac=<access code>"]}`. */
export function eRezeptText(prescriptionId: string, accessCode: string): string {
  return JSON.stringify({ urls: [`Task/${prescriptionId}/$accept?ac=${accessCode}`] });
}

/** A PNG of one Data Matrix holding `text`. */
export async function dataMatrixPng(text: string, { scale = 4, padding }: DataMatrixImageOptions = {}): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'datamatrix', text, scale, padding: padding ?? scale * 4, backgroundcolor: 'FFFFFF' });
}

/** The modules of a Data Matrix: rows of true for dark, without quiet zone. */
export function dataMatrixModules(text: string): boolean[][] {
  const [symbol] = bwipjs.raw('datamatrix', text, {}) as { pixs: number[]; pixx: number; pixy: number }[];
  if (!symbol) throw new Error('bwip-js drew no symbol');
  return Array.from({ length: symbol.pixy }, (_, row) => Array.from({ length: symbol.pixx }, (_, column) => symbol.pixs[row * symbol.pixx + column] === 1));
}

/**
 * One white PNG with a code per text side by side (a printout's row of up to three), or none:
 * `dataMatrixSheetPng([])` is a picture without any code.
 */
export async function dataMatrixSheetPng(texts: readonly string[], { scale = 4, gap = 64 }: { scale?: number; gap?: number } = {}): Promise<Buffer> {
  const codes = await Promise.all(texts.map(async (text) => PNG.sync.read(await dataMatrixPng(text, { scale }))));
  const width = Math.max(200, codes.reduce((sum, code) => sum + code.width, 0) + gap * (codes.length + 1));
  const height = Math.max(200, ...codes.map((code) => code.height + gap * 2));
  const sheet = new PNG({ width, height });
  sheet.data.fill(255);
  let x = gap;
  for (const code of codes) {
    PNG.bitblt(code, sheet, 0, 0, code.width, code.height, x, gap);
    x += code.width + gap;
  }
  return PNG.sync.write(sheet);
}

/** RGBA pixels of a PNG, shaped like the browser's ImageData. */
export function pngPixels(png: Buffer): { data: Uint8ClampedArray; width: number; height: number } {
  const image = PNG.sync.read(png);
  return { data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), width: image.width, height: image.height };
}

/**
 * A PDF with one page per entry, each with its codes drawn as vector squares (as practice
 * software prints the Patientenausdruck), 20 mm wide, in a row near the top of an A4 page.
 */
export function dataMatrixPdf(pages: readonly (readonly string[])[]): Uint8Array<ArrayBuffer> {
  const side = (20 / 25.4) * 72;
  return renderPdf({
    info: { title: 'E-Rezept', creator: 'Apobote tests' },
    pages: pages.map((texts) => ({
      ops: texts.flatMap((text, index) => {
        const modules = dataMatrixModules(text);
        const size = side / modules.length;
        const left = 60 + index * (side + 40);
        const top = A4.height - 80;
        return modules.flatMap((row, y) =>
          row.flatMap((dark, x): RectOp[] => (dark ? [{ kind: 'rect', x: left + x * size, y: top - (y + 1) * size, width: size, height: size, gray: 0 }] : [])),
        );
      }),
    })),
  });
}
