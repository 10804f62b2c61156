import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts `scripts/start.ts` on a private port and database folder, without rebuilding. */
export async function startServer(options: { port: number; env?: NodeJS.ProcessEnv }): Promise<RunningServer> {
  const dataDir = path.resolve(`data/bench-${options.port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'], {
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', PGLITE_DIR: dataDir, SKIP_BUILD: '1', LOG_REQUESTS: 'false', ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
