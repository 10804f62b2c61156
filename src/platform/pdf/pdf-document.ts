import { deflateSync } from 'node:zlib';
import { pdfDate, pdfLiteral, pdfNumber, pdfTextString } from './pdf-string';
import { textWidth, type PdfFont } from './text-metrics';
import { encodeWinAnsi } from './win-ansi';

/**
 * A small PDF 1.4 writer for generated documents (price lists): pages of text, lines and filled
 * rectangles in the standard Helvetica fonts with WinAnsiEncoding. No embedded fonts or images, so
 * no dependency and files of a few kilobytes per page. Coordinates are points from the bottom left.
 * Runs in Node (build time): content streams are compressed with node:zlib.
 */

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export interface TextOp {
  kind: 'text';
  x: number;
  /** Baseline. */
  y: number;
  text: string;
  font: PdfFont;
  size: number;
  /** 'right' puts the end of the text at x (prices in a column). */
  align?: 'left' | 'right' | 'center';
  /** 0 black … 1 white. */
  gray?: number;
}

export interface LineOp {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  gray?: number;
}

export interface RectOp {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  gray: number;
}

export type PdfOp = TextOp | LineOp | RectOp;

export interface PdfPage {
  ops: PdfOp[];
}

export interface PdfInfo {
  title?: string;
  author?: string;
  subject?: string;
  creator?: string;
  creationDate?: Date;
}

export interface PdfDocumentSpec {
  pages: readonly PdfPage[];
  info?: PdfInfo;
  /** BCP 47 language of the text, for screen readers (e.g. "de-DE"). */
  lang?: string;
  size?: { width: number; height: number };
  /** Deflate the page contents (default true); tests switch it off to read the operators. */
  compress?: boolean;
}

const FONT_RESOURCE: Record<PdfFont, string> = { regular: 'F1', bold: 'F2' };
const encoder = new TextEncoder();

/** The content stream of one page: PDF operators as text. */
export function pageContent(page: PdfPage): string {
  const lines: string[] = [];
  for (const op of page.ops) {
    if (op.kind === 'text') {
      if (op.text === '') continue;
      const width = op.align && op.align !== 'left' ? textWidth(op.text, op.font, op.size) : 0;
      const x = op.align === 'right' ? op.x - width : op.align === 'center' ? op.x - width / 2 : op.x;
      lines.push(
        `BT ${pdfNumber(op.gray ?? 0)} g /${FONT_RESOURCE[op.font]} ${pdfNumber(op.size)} Tf ` +
          `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(op.y)} Tm ${pdfLiteral(encodeWinAnsi(op.text))} Tj ET`,
      );
    } else if (op.kind === 'line') {
      lines.push(
        `${pdfNumber(op.gray ?? 0)} G ${pdfNumber(op.width)} w ${pdfNumber(op.x1)} ${pdfNumber(op.y1)} m ${pdfNumber(op.x2)} ${pdfNumber(op.y2)} l S`,
      );
    } else {
      lines.push(`${pdfNumber(op.gray)} g ${pdfNumber(op.x)} ${pdfNumber(op.y)} ${pdfNumber(op.width)} ${pdfNumber(op.height)} re f`);
    }
  }
  return lines.join('\n') + '\n';
}

/** Collects indirect objects and remembers each one's byte offset for the cross-reference table. */
class ObjectWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;
  readonly offsets: number[] = [];

  raw(data: string | Uint8Array): void {
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  object(id: number, body: string): void {
    this.offsets[id] = this.length;
    this.raw(`${id} 0 obj\n${body}\nendobj\n`);
  }

  stream(id: number, dictionary: string, data: Uint8Array): void {
    this.offsets[id] = this.length;
    this.raw(`${id} 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`);
    this.raw(data);
    this.raw('\nendstream\nendobj\n');
  }

  get position(): number {
    return this.length;
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

function infoDictionary(info: PdfInfo): string {
  const entries: string[] = [];
  if (info.title) entries.push(`/Title ${pdfTextString(info.title)}`);
  if (info.author) entries.push(`/Author ${pdfTextString(info.author)}`);
  if (info.subject) entries.push(`/Subject ${pdfTextString(info.subject)}`);
  if (info.creator) entries.push(`/Creator ${pdfTextString(info.creator)}`);
  entries.push(`/Producer ${pdfTextString('Apobote')}`);
  if (info.creationDate) entries.push(`/CreationDate (${pdfDate(info.creationDate)})`);
  return `<< ${entries.join(' ')} >>`;
}

/**
 * Serialises a document. Object layout: 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page
 * object and its content stream per page. The cross-reference table lists each object's byte
 * offset, which is why everything is written through one counting writer.
 */
export function renderPdf(spec: PdfDocumentSpec): Uint8Array<ArrayBuffer> {
  if (spec.pages.length === 0) throw new RangeError('a PDF needs at least one page');
  const size = spec.size ?? A4;
  const compress = spec.compress ?? true;
  const pageIds = spec.pages.map((_, index) => 6 + index * 2);
  const objectCount = 5 + spec.pages.length * 2;
  const writer = new ObjectWriter();

  // The comment of high bytes tells transfer tools the file is binary (PDF 1.4, 7.5.2).
  writer.raw('%PDF-1.4\n');
  writer.raw(Uint8Array.of(0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a));

  const lang = spec.lang ? ` /Lang ${pdfLiteral(encodeWinAnsi(spec.lang))}` : '';
  writer.object(1, `<< /Type /Catalog /Pages 2 0 R${lang} >>`);
  writer.object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  writer.object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  writer.object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  writer.object(5, infoDictionary(spec.info ?? {}));

  spec.pages.forEach((page, index) => {
    const pageId = pageIds[index] as number;
    const contentId = pageId + 1;
    writer.object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pdfNumber(size.width)} ${pdfNumber(size.height)}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const content = encoder.encode(pageContent(page));
    if (compress) writer.stream(contentId, '/Filter /FlateDecode', new Uint8Array(deflateSync(content)));
    else writer.stream(contentId, '', content);
  });

  const xrefAt = writer.position;
  let xref = `xref\n0 ${objectCount + 1}\n0000000000 65535 f \n`;
  for (let id = 1; id <= objectCount; id++) xref += `${String(writer.offsets[id]).padStart(10, '0')} 00000 n \n`;
  writer.raw(xref);
  writer.raw(`trailer\n<< /Size ${objectCount + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return writer.bytes();
}
