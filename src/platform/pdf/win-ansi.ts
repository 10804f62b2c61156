/**
 * WinAnsiEncoding (PDF 1.4, Annex D): the single-byte encoding the standard Helvetica fonts use.
 * It is Latin-1 plus typographic characters in 0x80–0x9F, so German text (ä ö ü Ä Ö Ü ß), € and
 * the dashes and quotes Intl puts into prices and dates all have a byte of their own.
 */

/** Characters of 0x80–0x9F, where WinAnsi differs from Latin-1. */
const HIGH: Readonly<Record<number, number>> = {
  0x20ac: 0x80, // €
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84, // „
  0x2026: 0x85, // …
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93, // “
  0x201d: 0x94,
  0x2022: 0x95, // •
  0x2013: 0x96, // –
  0x2014: 0x97, // —
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** Look-alikes Intl and editors produce that WinAnsi lacks: spaces and hyphens of other widths. */
const SUBSTITUTES: Readonly<Record<number, number>> = {
  0x2009: 0x20, // thin space
  0x200a: 0x20,
  0x2002: 0x20,
  0x2003: 0x20,
  0x202f: 0xa0, // narrow no-break space (de-DE currency and units)
  0x2007: 0xa0,
  0x2010: 0x2d, // hyphen
  0x2011: 0x2d, // non-breaking hyphen
  0x2212: 0x2d, // minus sign
  0x00ad: 0x2d, // soft hyphen: visible as a hyphen is better than nothing
};

/** Shown for a character the encoding cannot express. */
export const REPLACEMENT_BYTE = 0x3f; // ?

/** The WinAnsi byte of one code point, or null when it has none. */
export function winAnsiByte(codePoint: number): number | null {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return codePoint;
  if (codePoint >= 0xa0 && codePoint <= 0xff) return codePoint === 0xad ? 0x2d : codePoint;
  return HIGH[codePoint] ?? SUBSTITUTES[codePoint] ?? null;
}

/**
 * Encodes text for a Helvetica string. Decomposed letters (a + combining diaeresis) are composed
 * first; tabs and line breaks become spaces (a text run is one line); anything else without a
 * byte becomes "?", so a missing glyph is visible rather than silently dropped.
 */
export function encodeWinAnsi(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? REPLACEMENT_BYTE;
    if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) {
      bytes.push(0x20);
      continue;
    }
    bytes.push(winAnsiByte(codePoint) ?? REPLACEMENT_BYTE);
  }
  return Uint8Array.from(bytes);
}
