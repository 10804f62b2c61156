/**
 * Locality names as customers type them: "München", "muenchen", "Munich", "Frankfurt" for
 * Frankfurt am Main. Comparison ignores case, accents, umlaut spelling and punctuation.
 */
export function normalizeLocality(value: string): string {
  return value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Whether what the customer typed names the city: exactly, by an alias, or as the city's leading
 * word ("Frankfurt" for "Frankfurt am Main", "Berlin-Mitte" for Berlin).
 */
export function localityMatches(typed: string, city: string, aliases: readonly string[] = []): boolean {
  const given = normalizeLocality(typed);
  if (given === '') return false;
  // A prefix shorter than four letters ("B", "Ber") is too vague to confirm a city.
  const prefixOk = given.length >= 4;
  return [city, ...aliases]
    .map(normalizeLocality)
    .some((name) => given === name || (prefixOk && (given.startsWith(name) || name.startsWith(given))));
}
