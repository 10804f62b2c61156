import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { astroBuildRunner, PAGE_LINE } from '../../src/platform/server/site-build';
import { seconds, step } from './steps';

export { buildEnv } from '../../src/platform/server/site-build';

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
  const status = await astroBuildRunner(root)({
    onLine: (line) => {
      log.write(`${line}\n`);
      if (PAGE_LINE.test(line)) progress.update(`${++pages} pages`);
    },
  });
  await new Promise<void>((resolve) => log.end(resolve));
  if (status !== 0) {
    const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-25).join('\n');
    throw new Error(`the site build failed (exit status ${status}); the end of ${shown}:\n${tail}`);
  }
  progress.done(`Site built: ${pages} pages in ${seconds(startedAt)} (full log in ${shown})`);
}
