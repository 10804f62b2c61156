import { A4, type PdfOp, type PdfPage } from './pdf-document';
import { fitText, wrapText, type PdfFont } from './text-metrics';

/**
 * Top-to-bottom layout on top of the writer: a cursor that starts a new page when the next block
 * does not fit, table rows with wrapped or right-aligned cells, and "page n of m" footers added
 * once the page count is known.
 */

export interface FlowOptions {
  size?: { width: number; height: number };
  margin: { top: number; right: number; bottom: number; left: number };
  /** Called after a page break (not for the first page): repeat a running head or table header. */
  onNewPage?: (flow: PdfFlow) => void;
  /** Ops for the bottom margin of each page, once the total is known. */
  footer?: (pageNumber: number, pageCount: number, flow: PdfFlow) => PdfOp[];
}

export interface TextStyle {
  font: PdfFont;
  size: number;
  /** Distance between baselines; default 1.3 × size. */
  leading?: number;
  gray?: number;
}

export interface Column {
  width: number;
  align?: 'left' | 'right';
  /** Wrap onto several lines (else shortened with an ellipsis). */
  wrap?: boolean;
  maxLines?: number;
  font?: PdfFont;
}

export interface RowStyle extends TextStyle {
  /** Space above and below the text inside the row. */
  padding?: number;
  /** Horizontal space kept free at each side of a cell. */
  cellPadding?: number;
  background?: number;
  /** Gray of a hairline under the row; none when undefined. */
  rule?: number;
}

const leadingOf = (style: TextStyle) => style.leading ?? style.size * 1.3;

export class PdfFlow {
  readonly pages: PdfPage[] = [];
  readonly size: { width: number; height: number };
  readonly margin: FlowOptions['margin'];
  /** Top of the free space on the current page, in points from the bottom. */
  cursor: number;
  private readonly options: FlowOptions;

  constructor(options: FlowOptions) {
    this.options = options;
    this.size = options.size ?? A4;
    this.margin = options.margin;
    this.pages.push({ ops: [] });
    this.cursor = this.top;
  }

  get top(): number {
    return this.size.height - this.margin.top;
  }

  get bottom(): number {
    return this.margin.bottom;
  }

  get left(): number {
    return this.margin.left;
  }

  get right(): number {
    return this.size.width - this.margin.right;
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  get page(): PdfPage {
    return this.pages[this.pages.length - 1] as PdfPage;
  }

  add(...ops: PdfOp[]): void {
    this.page.ops.push(...ops);
  }

  newPage(): void {
    this.pages.push({ ops: [] });
    this.cursor = this.top;
    this.options.onNewPage?.(this);
  }

  /** Starts a new page unless `height` points still fit; true when it broke the page. */
  ensure(height: number): boolean {
    if (this.cursor - height >= this.bottom || this.cursor === this.top) return false;
    this.newPage();
    return true;
  }

  gap(height: number): void {
    this.cursor = Math.max(this.bottom, this.cursor - height);
  }

  /** A paragraph wrapped to the content width (or `width`), kept on one page. */
  paragraph(text: string, style: TextStyle, width = this.contentWidth, x = this.left): void {
    const leading = leadingOf(style);
    const lines = wrapText(text, style.font, style.size, width);
    this.ensure(lines.length * leading);
    for (const line of lines) {
      this.cursor -= leading;
      this.add({ kind: 'text', x, y: this.cursor + (leading - style.size) / 2 + style.size * 0.22, text: line, font: style.font, size: style.size, gray: style.gray ?? 0 });
    }
  }

  /** Height a row of these cells needs (for keeping a heading with its first row). */
  rowHeight(cells: readonly string[], columns: readonly Column[], style: RowStyle): number {
    return this.rowLines(cells, columns, style).reduce((max, lines) => Math.max(max, lines.length), 1) * leadingOf(style) + 2 * (style.padding ?? 0);
  }

  /** One table row starting at the left margin; moves to a new page first when it does not fit. */
  row(cells: readonly string[], columns: readonly Column[], style: RowStyle): void {
    const leading = leadingOf(style);
    const padding = style.padding ?? 0;
    const cellPadding = style.cellPadding ?? 0;
    const height = this.rowHeight(cells, columns, style);
    this.ensure(height);
    const rowTop = this.cursor;
    const rowBottom = rowTop - height;
    const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
    if (style.background !== undefined) this.add({ kind: 'rect', x: this.left, y: rowBottom, width: tableWidth, height, gray: style.background });

    let x = this.left;
    this.rowLines(cells, columns, style).forEach((lines, index) => {
      const column = columns[index] as Column;
      lines.forEach((line, lineIndex) => {
        const baseline = rowTop - padding - leading * (lineIndex + 1) + (leading - style.size) / 2 + style.size * 0.22;
        const right = column.align === 'right';
        this.add({
          kind: 'text',
          x: right ? x + column.width - cellPadding : x + cellPadding,
          y: baseline,
          text: line,
          font: column.font ?? style.font,
          size: style.size,
          align: right ? 'right' : 'left',
          gray: style.gray ?? 0,
        });
      });
      x += column.width;
    });

    if (style.rule !== undefined) this.add({ kind: 'line', x1: this.left, y1: rowBottom, x2: this.left + tableWidth, y2: rowBottom, width: 0.5, gray: style.rule });
    this.cursor = rowBottom;
  }

  private rowLines(cells: readonly string[], columns: readonly Column[], style: RowStyle): string[][] {
    const cellPadding = style.cellPadding ?? 0;
    return columns.map((column, index) => {
      const text = cells[index] ?? '';
      const font = column.font ?? style.font;
      const width = Math.max(0, column.width - 2 * cellPadding);
      if (text === '') return [];
      return column.wrap ? wrapText(text, font, style.size, width, column.maxLines) : [fitText(text, font, style.size, width)];
    });
  }

  /** The finished pages, each with its footer. */
  finish(): PdfPage[] {
    const count = this.pages.length;
    if (this.options.footer) {
      this.pages.forEach((page, index) => page.ops.push(...(this.options.footer?.(index + 1, count, this) ?? [])));
    }
    return this.pages;
  }
}
