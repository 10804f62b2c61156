/**
 * `npx tsx scripts/german-places.ts <zuordnung_plz_ort.csv>`: regenerates
 * src/platform/geocoding/german-places.json, every German postal code with the places (Gemeinden)
 * it belongs to, which the delivery-area decision checks an address against.
 *
 * Input: the PLZ-to-place table derived from OpenStreetMap (columns osm_id, ags, ort, plz,
 * landkreis, bundesland; published as "zuordnung_plz_ort.csv"), © OpenStreetMap contributors,
 * Open Database License (ODbL) 1.0: the generated file is a derived database under the same licence
 * (docs/architecture.md, "Addresses, postal codes and places"). Codes whose leading zero a spreadsheet dropped are padded.
 * Deterministic: codes and places sorted, places deduplicated.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const TARGET = 'src/platform/geocoding/german-places.json';
const source = process.argv[2];
if (!source) {
  console.error('usage: npx tsx scripts/german-places.ts <zuordnung_plz_ort.csv>');
  process.exit(1);
}

const [header, ...rows] = readFileSync(source, 'utf8').trim().split(/\r?\n/);
const columns = header!.split(',');
const place = columns.indexOf('ort');
const code = columns.indexOf('plz');
if (place < 0 || code < 0) throw new Error(`${source}: expected the columns "ort" and "plz", found ${header}`);

const table = new Map<string, Set<string>>();
for (const row of rows) {
  const cells = row.split(',');
  const plz = cells[code]!.trim().padStart(5, '0');
  const name = cells[place]!.trim();
  if (!/^\d{5}$/.test(plz) || name === '') throw new Error(`${source}: unreadable row ${row}`);
  const names = table.get(plz) ?? new Set<string>();
  names.add(name);
  table.set(plz, names);
}

const sorted = Object.fromEntries([...table.keys()].sort().map((plz) => [plz, [...table.get(plz)!].sort((a, b) => a.localeCompare(b, 'de'))]));
writeFileSync(TARGET, `${JSON.stringify(sorted)}\n`);
console.log(`${TARGET}: ${table.size} postal codes`);
