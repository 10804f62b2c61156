/**
 * German house numbers as they appear on letters (domain-rules.md): 12, 12a, 12 A, 12-14, 12a-14d,
 * 7 1/2, 3/1. Next to postal-code.ts because every feature that takes an address checks both (the
 * address book, the delivery-area check) and the geocoder reads both. Kept as a separate field
 * from the street, which may itself contain numbers ("Straße des 17. Juni", "C 3"), so nothing
 * here ever looks at the street.
 */
export const HOUSE_NUMBER_MAX_LENGTH = 20;

const NUMBER = '[1-9]\\d{0,3}';
const SUFFIX = '(?: ?[A-Za-z])?';
const SINGLE = `${NUMBER}${SUFFIX}`;
/** 12, 12a, 12 A, 12-14, 12a-14d, 7 1/2, 3/1 (whitespace already collapsed). */
const HOUSE_NUMBER = new RegExp(`^(?:(${SINGLE}) ?- ?(${SINGLE})|${NUMBER} 1/2|${NUMBER}${SUFFIX}/${NUMBER}${SUFFIX}|${SINGLE})$`);

/** Trimmed, runs of blanks collapsed to one, blanks around a range's hyphen removed: "12 - 14" → "12-14". */
export function normalizeHouseNumber(value: string): string {
  return value.trim().replace(/\s+/g, ' ').replace(/ ?- ?/g, '-');
}

/** The leading number of one side of a range ("14d" → 14). */
const leadingNumber = (side: string) => Number(/^\d+/.exec(side)?.[0]);

/**
 * Whether a (raw or normalised) house number has one of the accepted forms. A range must not run
 * backwards: 14-12 is a typo, 12a-12c is fine.
 */
export function isValidHouseNumber(value: string): boolean {
  const normalized = normalizeHouseNumber(value);
  if (normalized.length === 0 || normalized.length > HOUSE_NUMBER_MAX_LENGTH) return false;
  const match = HOUSE_NUMBER.exec(normalized);
  if (!match) return false;
  const [, from, to] = match;
  if (from !== undefined && to !== undefined) {
    const start = leadingNumber(from);
    const end = leadingNumber(to);
    if (end < start) return false;
    if (end === start && to.toLowerCase().replace(' ', '') <= from.toLowerCase().replace(' ', '')) return false;
  }
  return true;
}
