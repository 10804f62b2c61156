import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageModules, messageTables } from './message-tables';

describe('every user-facing string exists in English and German', () => {
  const modules = messageModules();

  it('finds the message tables', () => {
    expect(modules.length).toBeGreaterThan(0);
  });

  it.each(modules.map((file) => [path.relative(process.cwd(), file), file]))('%s', async (_name, file) => {
    const tables = await messageTables(file);
    expect(tables.length, 'module exports no message table').toBeGreaterThan(0);
    for (const [name, table] of tables) {
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
