import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createTestDb, type TestDb } from '../api/support/test-db';

/** The PostgreSQL-only suite runs under `npm run test:pg`, which sets DATABASE_URL. */
export async function createPgTestDb(): Promise<TestDb & { url: string }> {
  if (!process.env.DATABASE_URL) throw new Error('tests/pg need PostgreSQL: run them with `npm run test:pg` (DATABASE_URL)');
  const testDb = await createTestDb();
  if (!testDb.url) throw new Error('expected a PostgreSQL test database');
  return testDb as TestDb & { url: string };
}

/** A port nobody listens on right now (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface KillableServer {
  baseUrl: string;
  /** SIGKILL, as a crash: no shutdown handler runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
}

/**
 * `scripts/start.ts` on the shipped build as one process (tsx as a loader, not its CLI, which would
 * put a parent in between that a SIGKILL does not pass on), so a test can kill the server itself.
 */
export async function startKillableServer(options: { port: number; env: NodeJS.ProcessEnv; output?: (text: string) => void }): Promise<KillableServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', SKIP_BUILD: '1', LOG_REQUESTS: 'false', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => options.output?.(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => options.output?.(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on port ${options.port} did not answer in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { baseUrl, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
