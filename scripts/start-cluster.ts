/**
 * `npm run start:cluster -- [--processes N]`: the shop on N server processes sharing one port
 * (Node's cluster module; N defaults to the number of cores), all on the PostgreSQL database in
 * DATABASE_URL. The first process builds, migrates, imports and seeds exactly as `npm start`; the
 * others start once it listens, on that build and database. What must be shared already lives in
 * PostgreSQL: rate limits, carts, idempotency keys, real-time events (LISTEN/NOTIFY) and remote-config
 * changes (each process drops its cache on the `config:remote` event). Only the first process runs
 * the order expiry sweep. Every process runs an outbox worker (decision 0012): they claim messages
 * with FOR UPDATE SKIP LOCKED, so each message leaves once, whichever process wrote it; a process
 * that dies mid-delivery leaves its claims to the others after the lease. A process that dies is
 * replaced.
 */
import './start/require-node';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import path from 'node:path';

function processCount(argv: string[]): number {
  const flag = argv.indexOf('--processes');
  const raw = flag >= 0 ? argv[flag + 1] : process.env.WEB_PROCESSES;
  if (raw === undefined) return availableParallelism();
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`--processes must be a whole number from 1 to 64, got "${raw}"`);
    process.exit(2);
  }
  return count;
}

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster needs PostgreSQL: the embedded database (PGlite) belongs to one process.\n' +
      'Set DATABASE_URL (e.g. DATABASE_URL=postgres://user@127.0.0.1:5432/apobote npm run start:cluster), or use `npm start` for one process.',
  );
  process.exit(2);
}

const count = processCount(process.argv.slice(2));
cluster.setupPrimary({ exec: path.resolve('scripts/start.ts'), execArgv: ['--import', 'tsx'] });

let stopping = false;
let first: number | undefined;

function fork(role: 'first' | 'other') {
  // The others neither rebuild nor import: the first process did, and two builds into one folder
  // would collide. They still run the (idempotent) migrations check and demo seeding.
  const env = role === 'first' ? { APOBOTE_SWEEP: 'on', OUTBOX_WORKER: 'on' } : { SKIP_BUILD: '1', APOBOTE_SWEEP: 'off', APOBOTE_QUIET: '1', OUTBOX_WORKER: 'on' };
  const worker = cluster.fork(env);
  if (role === 'first') first = worker.id;
  return worker;
}

cluster.on('exit', (worker, code, signal) => {
  if (stopping) return;
  const role = worker.id === first ? 'first' : 'other';
  console.error(JSON.stringify({ level: 'warn', msg: 'server process ended, starting a new one', pid: worker.process.pid, code, signal }));
  fork(role);
});

const leader = fork('first');
leader.once('listening', () => {
  for (let i = 1; i < count; i += 1) fork('other');
  console.log(`  ${count} server processes share the port (cluster); stop with Ctrl+C.`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
}
