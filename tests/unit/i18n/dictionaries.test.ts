import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every module under src/ that declares messages with defineMessages(...). */
function messageModules(dir = path.resolve('src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return messageModules(full);
    return /\.tsx?$/.test(entry.name) && readFileSync(full, 'utf8').includes('defineMessages(') ? [full] : [];
  }).filter((file) => !file.endsWith(path.join('platform', 'i18n', 'messages.ts')));
}

type Table = { en: Record<string, string>; de: Record<string, string> };
const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && 'en' in value && 'de' in value &&
  typeof (value as Table).en === 'object' && typeof (value as Table).de === 'object';

describe('every user-facing string exists in English and German', () => {
  const modules = messageModules();

  it('finds the message tables', () => {
    expect(modules.length).toBeGreaterThan(0);
  });

  it.each(modules.map((file) => [path.relative(process.cwd(), file), file]))('%s', async (_name, file) => {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const tables = Object.entries(exports).filter(([, value]) => isTable(value));
    expect(tables.length, 'module exports no message table').toBeGreaterThan(0);
    for (const [name, table] of tables as [string, Table][]) {
      expect(Object.keys(table.de).sort(), `${name}: German keys differ from English`).toEqual(Object.keys(table.en).sort());
      for (const [key, text] of [...Object.entries(table.en), ...Object.entries(table.de)]) {
        expect(typeof text === 'string' && text.trim().length > 0, `${name}.${key} is empty`).toBe(true);
      }
      for (const key of Object.keys(table.en)) {
        const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(table.de[key]!), `${name}.${key}: placeholders differ`).toEqual(placeholders(table.en[key]!));
      }
    }
  });
});
