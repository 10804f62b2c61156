/**
 * PDF string syntax. Literal strings escape the three delimiters ( ) \ and write every byte outside
 * printable ASCII as a three-digit octal escape, so the file's text parts stay 7-bit clean and a
 * byte such as 0x0D is never turned into a line break by a tool on the way.
 */
export function pdfLiteral(bytes: Uint8Array): string {
  let out = '(';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += '\\' + String.fromCharCode(byte);
    else if (byte < 0x20 || byte > 0x7e) out += '\\' + byte.toString(8).padStart(3, '0');
    else out += String.fromCharCode(byte);
  }
  return out + ')';
}

/**
 * A text string for the document information dictionary (title, author): UTF-16BE with a byte
 * order mark, written as hex, so any Unicode title survives (Info strings are not WinAnsi).
 */
export function pdfTextString(text: string): string {
  let hex = '<FEFF';
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  return hex + '>';
}

/** D:YYYYMMDDHHmmSSZ, the PDF date form, in UTC. */
export function pdfDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** A number as content streams want it: no exponent, at most two decimals, no trailing zeros. */
export function pdfNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
