import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Lets a bench module run on its own (`npx tsx scripts/bench/<name>.ts`): when it is the entry point,
 * measures, prints and exits (non-zero on failure). Imported by the full bench it does nothing.
 * With BENCH_RESULT_FILE set (measureAlone) it also writes the result there as JSON.
 */
export function runWhenMain<T>(moduleUrl: string, measure: () => Promise<T>, print: (result: T) => void = (result) => console.table(result)): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  measure()
    .then((result) => {
      if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result));
      print(result);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

/**
 * Runs a bench module (its runWhenMain) in a process of its own and answers its result. The full
 * bench measures the shop's API this way, as a server process runs it: not in the bench's own
 * process, whose heap by then holds Lighthouse and the builds' leftovers. Measured in that process,
 * search's p95 was 20.6–22.3 ms where the same module alone gave 12.2–12.6 ms.
 */
export async function measureAlone<T>(module: string, env: NodeJS.ProcessEnv = {}): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apobote-bench-result-'));
  const file = path.join(dir, 'result.json');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('scripts/bench', module)], {
        env: { ...process.env, ...env, BENCH_RESULT_FILE: file },
        // Its tables are printed at the end with the others.
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`${module} failed (exit ${code})`);
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
