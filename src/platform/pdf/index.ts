// Dependency-free PDF 1.4 output for generated documents (price lists), Node only (build time).
export { renderPdf, pageContent, A4, type PdfDocumentSpec, type PdfInfo, type PdfOp, type PdfPage, type TextOp, type LineOp, type RectOp } from './pdf-document';
export { PdfFlow, type Column, type FlowOptions, type RowStyle, type TextStyle } from './pdf-flow';
export { textWidth, fitText, wrapText, type PdfFont } from './text-metrics';
export { encodeWinAnsi, winAnsiByte, REPLACEMENT_BYTE } from './win-ansi';
export { pdfLiteral, pdfTextString, pdfDate, pdfNumber } from './pdf-string';
