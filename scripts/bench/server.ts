import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (the bench reads its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  port: number;
  env?: NodeJS.ProcessEnv;
  /** Receives everything the server writes to stdout (request log, start banner); ignored without it. */
  output?: (text: string) => void;
}

/** Starts `scripts/start.ts` on a private port and database folder, without rebuilding (unless env says SKIP_BUILD=0). */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const dataDir = path.resolve(`data/bench-${options.port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'], {
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', PGLITE_DIR: dataDir, SKIP_BUILD: '1', LOG_REQUESTS: 'false', ...options.env },
    stdio: ['ignore', options.output ? 'pipe' : 'ignore', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => options.output?.(chunk.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // A start that has to build first takes longer than one on a fresh build.
  const deadline = Date.now() + (options.env?.SKIP_BUILD === '0' ? 300_000 : 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server on port ${options.port} did not answer in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
