import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { inlineScriptHashes, scriptHash } from './csp';

export const CSP_HASHES_FILE = 'csp-hashes.json';

const ASTRO_RUNTIME = ['server/astro-island.prebuilt.js', ...['idle', 'load', 'media', 'only', 'visible'].map((d) => `client/${d}.prebuilt.js`)];

/**
 * Astro inlines its island runtime and one script per hydration directive into any page with an
 * island. Pages rendered on demand may use a directive no prerendered page uses, so their hashes
 * are added from Astro's own prebuilt sources rather than only from the built HTML.
 */
export async function astroRuntimeScriptHashes(root = process.cwd()): Promise<string[]> {
  const runtime = path.join(root, 'node_modules', 'astro', 'dist', 'runtime');
  return Promise.all(
    ASTRO_RUNTIME.map(async (file) => {
      const source = ((await import(pathToFileURL(path.join(runtime, file)).href)) as { default: string }).default;
      return scriptHash(source);
    }),
  );
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
