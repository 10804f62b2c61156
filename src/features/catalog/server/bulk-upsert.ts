import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db';

/** Rows per statement: keeps a statement well under PostgreSQL's 65 535 bind parameters (~25 per product). */
export const CHUNK_SIZE = 500;

/** Rows per JSON batch: bounded by statement size (a product is ~3 KB of JSON), not by parameters. */
export const JSON_BATCH_SIZE = 2000;

export function chunks<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

function columnName(table: PgTable, key: string): string {
  const column = getTableColumns(table)[key];
  if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
  return column.name;
}

/** `SET col = excluded.col` for the given keys, plus a fresh updated_at. */
export function excludedSet(table: PgTable, keys: readonly string[]): Record<string, SQL> {
  const set: Record<string, SQL> = Object.fromEntries(keys.map((key) => [key, sql`excluded.${sql.identifier(columnName(table, key))}`]));
  if ('updatedAt' in getTableColumns(table)) set.updatedAt = sql`now()`;
  return set;
}

/**
 * Only rows whose content differs are updated, so a second import of the same files changes nothing
 * (not even updated_at) and the report can tell changed rows from unchanged ones.
 */
export function changedWhere(table: PgTable, keys: readonly string[]): SQL {
  const tableName = getTableName(table);
  const comparisons = keys.map((key) => {
    const name = columnName(table, key);
    return sql`${sql.identifier(tableName)}.${sql.identifier(name)} is distinct from excluded.${sql.identifier(name)}`;
  });
  return sql.join(comparisons, sql` or `);
}

/** In RETURNING of an upsert, xmax = 0 marks a freshly inserted row (PostgreSQL and PGlite alike). */
export const wasInserted = sql<boolean>`(xmax = 0)`;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export function countUpserts(total: number, returned: { inserted: boolean }[]): UpsertCounts {
  const inserted = returned.filter((row) => row.inserted).length;
  const updated = returned.length - inserted;
  return { inserted, updated, unchanged: total - returned.length };
}

/**
 * Upserts many rows with one JSON parameter per batch: `jsonb_populate_recordset` turns the JSON into
 * rows of the table's own type, so 10 000 products cost a handful of statements instead of 250 000
 * bind parameters (which PGlite, running in WebAssembly, binds slowly). Rows use the property names of
 * the Drizzle table; unchanged rows are skipped as in changedWhere. Returns whether each written row
 * was inserted (true) or updated (false).
 */
export async function upsertRows(
  db: Db,
  table: PgTable,
  conflictKey: string,
  rows: readonly Record<string, unknown>[],
  batchSize = JSON_BATCH_SIZE,
): Promise<{ inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((key) => key in columns);
  const updateKeys = keys.filter((key) => key !== conflictKey);
  const names = keys.map((key) => sql.identifier(columnName(table, key)));
  const set = Object.entries(excludedSet(table, updateKeys)).map(([key, value]) => sql`${sql.identifier(columnName(table, key))} = ${value}`);
  const tableName = sql.identifier(getTableName(table));
  const written: { inserted: boolean }[] = [];
  for (const batch of chunks(rows, batchSize)) {
    const json = JSON.stringify(batch.map((row) => Object.fromEntries(keys.map((key) => [columnName(table, key), row[key] ?? null]))));
    const result = await db.execute<{ inserted: boolean }>(sql`
      insert into ${tableName} (${sql.join(names, sql`, `)})
      select ${sql.join(names, sql`, `)} from jsonb_populate_recordset(null::${tableName}, ${json}::jsonb)
      on conflict (${sql.identifier(columnName(table, conflictKey))}) do update set ${sql.join(set, sql`, `)}
      where ${changedWhere(table, updateKeys)}
      returning (xmax = 0) as inserted`);
    written.push(...(result as unknown as { rows: { inserted: boolean }[] }).rows);
  }
  return written;
}
