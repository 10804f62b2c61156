import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every module under src/ that declares messages with defineMessages(...), the helper itself excluded. */
export function messageModules(dir = path.resolve('src')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return messageModules(full);
      return /\.tsx?$/.test(entry.name) && readFileSync(full, 'utf8').includes('defineMessages(') ? [full] : [];
    })
    .filter((file) => !file.endsWith(path.join('platform', 'i18n', 'messages.ts')));
}

export type Table = { en: Record<string, string>; de: Record<string, string> };

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' &&
  value !== null &&
  'en' in value &&
  'de' in value &&
  typeof (value as Table).en === 'object' &&
  typeof (value as Table).de === 'object';

/** The message tables a module exports, by export name. */
export async function messageTables(file: string): Promise<[string, Table][]> {
  const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return Object.entries(exports).filter((entry): entry is [string, Table] => isTable(entry[1]));
}
