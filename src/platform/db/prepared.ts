import type { Db } from './client';

/*
 * The statements every request runs (the session lookup, the cart's reads) are built once and
 * prepared: Drizzle's query building was about a quarter of a checkout's CPU (some 0.13 ms per
 * statement, 40 of a checkout's 67 statements are these few reads), and PostgreSQL parses and plans a
 * named statement once per connection instead of every time.
 *
 * A prepared query runs on the object it was prepared on, so they are kept per database object: a
 * transaction gets its own and its reads never leave it. Values are passed as the driver takes them
 * (placeholders in a condition skip the column's encoding): timestamps as ISO strings, lists as
 * arrays (`= any(…)`). An insert's values do go through the columns: there a timestamp is a Date.
 */
const byDb = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, prepare: (db: Db, name: string) => T): T {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = prepare(db, name)));
  return statement;
}
