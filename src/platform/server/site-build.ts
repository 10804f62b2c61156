import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, lstat, mkdir, readdir, readlink, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

/*
 * The site build (`astro build`) as a child process, shared by `npm start` (scripts/start/build-site.ts)
 * and the operator's "Rebuild the static pages" (back office), and the swap of a finished build into
 * the running server.
 *
 * Why not simply replace dist/: the running process has imported dist/server/entry.mjs and loads
 * its chunks lazily by path, so a new dist/server under it would mix two builds (a chunk name of the
 * old build missing in the new one is a 500); the CSP hashes of the inline scripts are read once at
 * start; and removing and copying folders leaves a moment with no pages. So only the static part is
 * swapped: the server serves pages and assets from dist/client, which is a symbolic link to the
 * current folder (dist/client-<stamp>); a new build goes to dist-next, its client folder moves next to
 * the current one and the link is replaced with one rename (atomic). The running server code stays
 * the one it was started with (a change to the code, not the catalogue, needs a restart).
 */

/** Astro's line for each prerendered file: `  ├─ /de/shop/index.html (+3ms)`. */
export const PAGE_LINE = /[├└]─ \/\S*\.html \(\+/;

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

export interface BuildRun {
  /** Where the build writes (ASTRO_OUT_DIR); absent: astro.config.mjs's default (dist). */
  outDir?: string;
  /** Every line of the build's stdout and stderr, as it comes. */
  onLine: (line: string) => void;
  /** Stops the build (its child is ended; the status is then not 0). */
  signal?: AbortSignal;
}

/** Runs a build to its end: the exit status (0 is success). Tests inject a fake child instead. */
export type BuildRunner = (run: BuildRun) => Promise<number | null>;

/**
 * A build beside a running shop (the back office's rebuild) runs at this lower CPU priority (nice 10):
 * the requests of the shop come first and the build takes the time left over.
 */
export const BACKGROUND_PRIORITY = 10;

/** `astro build` of the project in `root`, in a child process (never in the server's own). */
export function astroBuildRunner(root: string, env: NodeJS.ProcessEnv = process.env, options: { priority?: number } = {}): BuildRunner {
  return (run) =>
    runChild(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: root,
      env: { ...buildEnv(env), ...(run.outDir ? { ASTRO_OUT_DIR: run.outDir } : {}) },
      onLine: run.onLine,
      ...(run.signal ? { signal: run.signal } : {}),
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
    });
}

const NICE = '/usr/bin/nice';

/** A child process whose output lines go to `onLine`; resolves with its exit status. */
export async function runChild(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; onLine: (line: string) => void; signal?: AbortSignal; priority?: number },
): Promise<number | null> {
  // Through nice(1), which execs the command at that priority: every thread the child starts has it
  // (os.setPriority after the spawn would miss the threads V8 has already started; Linux nice is per
  // thread). Without nice (Windows) the build runs at the server's priority.
  const niced = options.priority !== undefined && existsSync(NICE);
  const child = niced
    ? spawn(NICE, ['-n', String(options.priority), command, ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Ended by hand rather than spawn's own `signal`, which rejects: a stopped build is a failed build with its log.
  const end = () => child.kill('SIGTERM');
  if (options.signal?.aborted) end();
  options.signal?.addEventListener('abort', end, { once: true });
  const lines = (stream: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => {
      const reader = createInterface({ input: stream });
      reader.on('line', options.onLine);
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
  options.signal?.removeEventListener('abort', end);
  return status;
}

const CLIENT = 'client';
const CURRENT = /^client-\d+(-start)?$/;

/**
 * At start, before anything is served: dist/client becomes a link to dist/client-<stamp>-start (once; a
 * fresh `astro build` writes a plain folder again). Nothing is served yet, so there is no gap.
 */
export async function makeClientSwappable(distDir: string, now: Date): Promise<void> {
  const link = path.join(distDir, CLIENT);
  const info = await lstat(link).catch(() => null);
  if (!info || info.isSymbolicLink()) return;
  const target = `${CLIENT}-${now.getTime()}-start`;
  await rename(link, path.join(distDir, target));
  await symlink(target, link, 'junction');
}

/**
 * Puts the static part of a finished build (`nextDir`, a sibling of `distDir`) in service: its client
 * folder moves beside the current one and dist/client is re-pointed with one rename. Assets of the
 * previous build that the new one lacks are copied over (pages rendered on demand by the running
 * server, and tabs still open, ask for those), the CSP hashes follow, and older folders go. `nextDir`
 * is removed. Throws, with the running site untouched, when the new build is incomplete.
 */
export async function swapInBuild(distDir: string, nextDir: string, now: Date): Promise<void> {
  const link = path.join(distDir, CLIENT);
  const fresh = path.join(nextDir, CLIENT);
  if (!existsSync(path.join(fresh, 'shop'))) throw new Error(`the new build has no pages in ${fresh}`);
  await makeClientSwappable(distDir, now);
  const target = `${CLIENT}-${now.getTime()}`;
  const previous = existsSync(link) ? await currentClientFolder(distDir) : null;
  if (previous === target) throw new Error('two swaps in the same millisecond');
  await rename(fresh, path.join(distDir, target));
  if (previous) {
    // Hashed names: the old assets never collide with new ones.
    await cp(path.join(distDir, previous, '_astro'), path.join(distDir, target, '_astro'), { recursive: true, force: false, errorOnExist: false }).catch(() => {});
  }
  // The CSP hashes first (old and new: pages of both builds may be in flight); the server re-reads
  // the file when it changes (cspFromHashesFile), so the new pages never meet the old policy.
  const hashesFile = path.join(distDir, 'csp-hashes.json');
  const hashes = new Set([...(await readHashes(hashesFile)), ...(await readHashes(path.join(nextDir, 'csp-hashes.json')))]);
  await writeFile(`${hashesFile}.next`, JSON.stringify([...hashes].sort()));
  await rename(`${hashesFile}.next`, hashesFile);
  const temporary = path.join(distDir, `${CLIENT}.link-${now.getTime()}`);
  await symlink(target, temporary, 'junction');
  await rename(temporary, link);
  // The one before stays for requests still reading it; anything older goes.
  for (const entry of await readdir(distDir)) {
    if (CURRENT.test(entry) && entry !== target && entry !== previous) await rm(path.join(distDir, entry), { recursive: true, force: true });
  }
  await rm(nextDir, { recursive: true, force: true });
}

async function currentClientFolder(distDir: string): Promise<string | null> {
  try {
    return path.basename(await readlink(path.join(distDir, CLIENT)));
  } catch {
    return null;
  }
}

/** A clean dist-next beside dist for a new build. */
export async function prepareNextDir(nextDir: string): Promise<void> {
  await rm(nextDir, { recursive: true, force: true });
  await mkdir(path.dirname(nextDir), { recursive: true });
}

async function readHashes(file: string): Promise<string[]> {
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The Content-Security-Policy from a build's csp-hashes.json, re-read whenever the file changes (a
 * swapped-in build brings its inline scripts' hashes): one stat per call.
 */
export function cspFromHashesFile(file: string, build: (hashes: string[]) => string): () => string {
  let seen = -1;
  let policy = '';
  return () => {
    let stamp = 0;
    try {
      stamp = statSync(file).mtimeMs;
    } catch {
      stamp = 0;
    }
    if (stamp !== seen) {
      let hashes: string[] = [];
      try {
        hashes = stamp ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
      } catch {
        hashes = [];
      }
      policy = build(hashes);
      seen = stamp;
    }
    return policy;
  };
}
