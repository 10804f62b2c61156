import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { seconds, step } from './steps';

/** Astro's line for each prerendered file: `  ├─ /de/shop/index.html (+3ms)`. */
const PAGE = /[├└]─ \/\S*\.html \(\+/;

/**
 * The build's environment. A build started from a test runner inherits NODE_ENV=test, and Vite then
 * bundles React's development build (about twice the bytes, and what the page-weight bench would
 * measure). The shop's mode stays what NODE_ENV decided before (env.ts), not production by accident.
 */
export function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    NODE_ENV: 'production',
    APOBOTE_MODE: env.APOBOTE_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'demo'),
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
}

/**
 * Runs `astro build` with its ~1,500 lines going to `logFile`; the terminal shows one line with the
 * pages built so far. A failed build throws with the end of the log (the whole log is in the file).
 */
export async function buildSite(root: string, reason: string, logFile: string): Promise<void> {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const shown = path.relative(process.cwd(), logFile) || logFile;
  const progress = step(`Building the site (${reason}; full log in ${shown})`);
  const startedAt = performance.now();
  let pages = 0;
  const child = spawn(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    env: buildEnv(process.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = (stream: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => {
      const reader = createInterface({ input: stream });
      reader.on('line', (line) => {
        log.write(`${line}\n`);
        if (PAGE.test(line)) progress.update(`${++pages} pages`);
      });
      reader.on('close', resolve);
    });
  const [status] = await Promise.all([
    new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    }),
    lines(child.stdout),
    lines(child.stderr),
  ]);
  await new Promise<void>((resolve) => log.end(resolve));
  if (status !== 0) {
    const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-25).join('\n');
    throw new Error(`the site build failed (exit status ${status}); the end of ${shown}:\n${tail}`);
  }
  progress.done(`Site built: ${pages} pages in ${seconds(startedAt)} (full log in ${shown})`);
}
