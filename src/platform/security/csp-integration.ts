import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { AstroIntegration } from 'astro';
import { inlineScriptHashes, scriptHash } from './csp';

export const CSP_HASHES_FILE = 'csp-hashes.json';

const ASTRO_RUNTIME = ['server/astro-island.prebuilt.js', ...['idle', 'load', 'media', 'only', 'visible'].map((d) => `client/${d}.prebuilt.js`)];

/**
 * A prebuilt module is `var x = \`…script…\`; export { x as default };`. It is evaluated in a bare VM
 * context rather than imported: during the build this file runs inside Vite's module runner, which
 * cannot import arbitrary files and is already closed when the build:done hook runs.
 */
export function prebuiltScript(moduleSource: string): string {
  const name = /^\s*(?:var|const|let)\s+([\w$]+)\s*=/m.exec(moduleSource)?.[1];
  if (!name) throw new Error('unexpected shape of an Astro prebuilt script');
  const body = moduleSource.replace(/export\s*\{[\s\S]*?\};?\s*$/, '');
  const value: unknown = runInNewContext(`${body}\n${name}`);
  if (typeof value !== 'string') throw new Error('an Astro prebuilt script did not evaluate to a string');
  return value;
}

/**
 * Astro inlines its island runtime and one script per hydration directive into any page with an
 * island. Pages rendered on demand may use a directive no prerendered page uses, so their hashes
 * are added from Astro's own prebuilt sources rather than only from the built HTML.
 */
export async function astroRuntimeScriptHashes(root = process.cwd()): Promise<string[]> {
  const runtime = path.join(root, 'node_modules', 'astro', 'dist', 'runtime');
  return Promise.all(ASTRO_RUNTIME.map(async (file) => scriptHash(prebuiltScript(await readFile(path.join(runtime, file), 'utf8')))));
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/**
 * After the build, collects the hashes of every inline script in the prerendered pages into
 * dist/csp-hashes.json, so the server's CSP header allows exactly those and nothing else.
 * Pages are read a few at a time: a 10 000-product build has about 20 000 of them.
 */
export function cspHashes(): AstroIntegration {
  return {
    name: 'apobote:csp-hashes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const hashes = new Set<string>(await astroRuntimeScriptHashes());
        let batch: Promise<void>[] = [];
        for await (const file of htmlFiles(clientDir)) {
          batch.push(
            readFile(file, 'utf8').then((html) => {
              for (const hash of inlineScriptHashes(html)) hashes.add(hash);
            }),
          );
          if (batch.length >= 64) {
            await Promise.all(batch);
            batch = [];
          }
        }
        await Promise.all(batch);
        const target = path.join(clientDir, '..', CSP_HASHES_FILE);
        await writeFile(target, JSON.stringify([...hashes].sort(), null, 2));
        logger.info(`${hashes.size} inline script hashes written to ${path.relative(process.cwd(), target)}`);
      },
    },
  };
}
