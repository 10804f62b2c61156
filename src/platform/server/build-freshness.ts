import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time below the given files/folders (0 when none exist). */
export function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target)) {
        if (entry === 'node_modules' || entry.startsWith('.')) continue;
        visit(path.join(target, entry));
      }
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  paths.forEach(visit);
  return newest;
}

export interface BuildState {
  needed: boolean;
  reason: string;
}

/**
 * `npm start` rebuilds only when a source the pages are made from (code, catalogue, public files,
 * configuration) changed after the last build, or the catalogue folder is a different one.
 */
export function buildState(options: { distDir: string; sources: readonly string[]; catalogDir: string; stampFile: string; readStamp: () => string | null }): BuildState {
  if (!existsSync(path.join(options.distDir, 'server', 'entry.mjs'))) return { needed: true, reason: 'no build yet' };
  const stamp = options.readStamp();
  if (stamp === null) return { needed: true, reason: 'no build stamp' };
  if (stamp !== options.catalogDir) return { needed: true, reason: 'the catalogue folder changed' };
  const builtAt = statSync(options.stampFile).mtimeMs;
  if (newestMtime([...options.sources, options.catalogDir]) > builtAt) return { needed: true, reason: 'sources changed since the last build' };
  return { needed: false, reason: 'build is up to date' };
}
