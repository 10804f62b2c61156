#!/usr/bin/env node
/**
 * `npm run test:pg`: runs the API suite against PostgreSQL instead of PGlite, and tests/pg (what needs
 * PostgreSQL itself: LISTEN/NOTIFY, two server processes on one database). Uses DATABASE_URL when
 * set, else the local server (trust auth, database `test`). Each test file creates and drops its own
 * apobote_test_<random> database next to that one (tests/api/support/test-db.ts), so the given
 * database is only used to connect and needs the CREATEDB privilege.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const url = process.env.DATABASE_URL || DEFAULT_URL;

/** The URL without its password, for the log. */
function redacted(value) {
  try {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

async function check() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select version() as version, rolcreatedb or rolsuper as can_create from pg_roles where rolname = current_user');
    return rows[0];
  } finally {
    await client.end();
  }
}

let info;
try {
  info = await check();
} catch (error) {
  console.error(`test:pg: cannot connect to ${redacted(url)}: ${error.message}`);
  process.exit(1);
}
if (!info?.can_create) {
  console.error(`test:pg: the user of ${redacted(url)} may not create databases (CREATEDB needed)`);
  process.exit(1);
}
console.log(`test:pg: API suite on PostgreSQL via ${redacted(url)}${process.env.DATABASE_URL ? '' : ' (default; set DATABASE_URL to change)'}`);
console.log(`test:pg: ${String(info.version).split(',')[0]}`);

const require = createRequire(import.meta.url);
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', 'tests/api', 'tests/pg', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
if (result.error) console.error(`test:pg: could not run vitest: ${result.error.message}`);
console.log(`test:pg: ${result.status === 0 ? 'passed' : 'FAILED'} on ${redacted(url)}`);
process.exit(result.status ?? 1);
