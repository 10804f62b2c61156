import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeWinAnsi, fitText, pageContent, PdfFlow, pdfLiteral, renderPdf, textWidth, wrapText, type PdfPage } from '../../../src/platform/pdf';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The byte offsets the cross-reference table claims, by object number. */
function xrefOffsets(pdf: string): number[] {
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  const table = pdf.slice(start);
  const [, count] = /^xref\n0 (\d+)\n/.exec(table) ?? [];
  const entries = table.split('\n').slice(2, 2 + Number(count));
  return entries.map((entry) => Number(entry.slice(0, 10)));
}

const page = (...texts: string[]): PdfPage => ({ ops: texts.map((text, index) => ({ kind: 'text', x: 50, y: 700 - index * 20, text, font: 'regular', size: 10 })) });

describe('renderPdf', () => {
  const pdf = latin1(renderPdf({ pages: [page('Hallo'), page('Welt')], info: { title: 'Preisliste Müller' }, lang: 'de-DE', compress: false }));

  it('is a PDF 1.4 file with a binary marker, a trailer and an end marker', () => {
    expect(pdf.startsWith('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')).toBe(true);
    expect(pdf).toMatch(/trailer\n<< \/Size 10 \/Root 1 0 R \/Info 5 0 R >>\nstartxref\n\d+\n%%EOF\n$/);
    expect(pdf).toContain('/Type /Pages /Kids [6 0 R 8 0 R] /Count 2');
    expect(pdf).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('/Lang (de-DE)');
  });

  it('points startxref at the table and every xref entry at its object', () => {
    const start = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(start, start + 5)).toBe('xref\n');
    const offsets = xrefOffsets(pdf);
    expect(offsets).toHaveLength(10);
    expect(offsets[0]).toBe(0);
    for (let id = 1; id < offsets.length; id++) expect(pdf.slice(offsets[id], offsets[id]! + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
  });

  it('writes 20-byte cross-reference entries', () => {
    const start = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    const lines = pdf.slice(start).split('\n');
    expect(lines[2]).toBe('0000000000 65535 f ');
    for (const line of lines.slice(3, 12)) expect(line).toMatch(/^\d{10} 00000 n $/);
  });

  it('declares the true length of each content stream', () => {
    for (const match of pdf.matchAll(/<<\s*\/Length (\d+) >>\nstream\n/g)) {
      const from = match.index + match[0].length;
      expect(pdf.slice(from + Number(match[1]), from + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });

  it('stores the title as UTF-16 so umlauts survive', () => {
    expect(pdf).toContain('/Title <FEFF00500072006500690073006C00690073007400650020004D00FC006C006C00650072>');
  });

  it('keeps offsets right when the streams are compressed, and they inflate to the operators', () => {
    const bytes = renderPdf({ pages: [page('Größe 10 ml – 4,99 €')] });
    const text = latin1(bytes);
    const offsets = xrefOffsets(text);
    for (let id = 1; id < offsets.length; id++) expect(text.slice(offsets[id], offsets[id]! + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    const match = /\/Filter \/FlateDecode \/Length (\d+) >>\nstream\n/.exec(text);
    expect(match).not.toBeNull();
    const from = match!.index + match![0].length;
    const content = inflateSync(Buffer.from(bytes.slice(from, from + Number(match![1])))).toString('latin1');
    expect(content).toContain('(Gr\\366\\337e 10 ml \\226 4,99 \\200) Tj');
  });

  it('refuses a document without pages', () => {
    expect(() => renderPdf({ pages: [] })).toThrow(RangeError);
  });
});

describe('WinAnsi text', () => {
  it('encodes €, umlauts and ß to their WinAnsi bytes', () => {
    expect([...encodeWinAnsi('€äöüÄÖÜß')]).toEqual([0x80, 0xe4, 0xf6, 0xfc, 0xc4, 0xd6, 0xdc, 0xdf]);
  });

  it('maps typographic characters Intl produces and marks the rest with "?"', () => {
    expect([...encodeWinAnsi('„a“ – b\u202fc\u2009d')]).toEqual([0x84, 0x61, 0x93, 0x20, 0x96, 0x20, 0x62, 0xa0, 0x63, 0x20, 0x64]);
    expect(latin1(encodeWinAnsi('1 ≥ 2 ✓'))).toBe('1 ? 2 ?');
  });

  it('composes decomposed umlauts first', () => {
    expect([...encodeWinAnsi('u\u0308')]).toEqual([0xfc]);
  });

  it('escapes parentheses and backslashes, and writes high bytes as octal', () => {
    expect(pdfLiteral(encodeWinAnsi('a(b)c\\d'))).toBe('(a\\(b\\)c\\\\d)');
    expect(pdfLiteral(encodeWinAnsi('€ ä'))).toBe('(\\200 \\344)');
    expect(pdfLiteral(Uint8Array.of(0x0d, 0x0a))).toBe('(\\015\\012)');
  });

  it('puts escaped text into the content stream', () => {
    expect(pageContent(page('Preis (inkl. MwSt.) 4,99 €'))).toContain('(Preis \\(inkl. MwSt.\\) 4,99 \\200) Tj');
  });
});

describe('text metrics', () => {
  it('measures with the Helvetica widths', () => {
    expect(textWidth('€', 'regular', 10)).toBeCloseTo(5.56);
    expect(textWidth('Wm', 'regular', 10)).toBeCloseTo(9.44 + 8.33);
    expect(textWidth('Wm', 'bold', 10)).toBeCloseTo(9.44 + 8.89);
  });

  it('right-aligns by moving the start left by the text width', () => {
    const content = pageContent({ ops: [{ kind: 'text', x: 500, y: 100, text: '4,99 €', font: 'bold', size: 10, align: 'right' }] });
    const x = Number(/1 0 0 1 ([\d.]+) 100 Tm/.exec(content)?.[1]);
    expect(x).toBeCloseTo(500 - textWidth('4,99 €', 'bold', 10), 1);
  });

  it('wraps at spaces and shortens what does not fit with an ellipsis', () => {
    const lines = wrapText('Dexpanthenol Pantheal 5 % Wund- und Heilsalbe', 'regular', 10, 120);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe('Dexpanthenol Pantheal 5 % Wund- und Heilsalbe');
    const cut = wrapText('one two three four five six seven eight', 'regular', 10, 60, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    expect(fitText('Supercalifragilistic', 'regular', 10, 40).endsWith('…')).toBe(true);
    expect(fitText('Kurz', 'regular', 10, 40)).toBe('Kurz');
  });
});

describe('PdfFlow', () => {
  const columns = [{ width: 100 }, { width: 60, align: 'right' as const }];
  const style = { font: 'regular' as const, size: 10, leading: 12 };

  it('breaks pages when rows run out of space, repeats the header and numbers every page', () => {
    const flow = new PdfFlow({
      margin: { top: 50, right: 50, bottom: 50, left: 50 },
      onNewPage: (next) => next.row(['Name', 'Preis'], columns, { ...style, font: 'bold' }),
      footer: (n, count) => [{ kind: 'text', x: 300, y: 20, text: `Seite ${n} von ${count}`, font: 'regular', size: 8 }],
    });
    for (let index = 0; index < 150; index++) flow.row([`Produkt ${index}`, `${index},00 €`], columns, style);
    const pages = flow.finish();
    // 741.89 pt of body per page at 12 pt a row: 61 rows on the first page, 60 after the repeated header.
    expect(pages).toHaveLength(3);
    pages.forEach((finished, index) => {
      const content = pageContent(finished);
      expect(content).toContain(`(Seite ${index + 1} von 3) Tj`);
      if (index > 0) expect(content).toMatch(/\/F2 10 Tf [^\n]*\(Name\) Tj/);
      for (const op of finished.ops) if (op.kind === 'text' && op.size === 10) expect(op.y).toBeGreaterThanOrEqual(50);
    });
    const pdf = latin1(renderPdf({ pages, compress: false }));
    expect(pdf).toContain('/Count 3');
    expect(pdf).toContain('(Produkt 149) Tj');
  });

  it('keeps a wrapped row together on one page', () => {
    const flow = new PdfFlow({ margin: { top: 50, right: 50, bottom: 50, left: 50 } });
    flow.gap(flow.top - flow.bottom - 20);
    flow.row(['ein sehr langer Produktname der umbricht', '1,00 €'], [{ width: 60, wrap: true }, { width: 60, align: 'right' }], style);
    expect(flow.pages).toHaveLength(2);
    expect(flow.pages[0]!.ops).toHaveLength(0);
  });
});
