import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { serverConfig } from '../config/env';

export const BUILD_STAMP_FILE = '.build-stamp';

/** Records which catalogue a build was made from, so `npm start` knows when to rebuild. */
export function buildStamp(): AstroIntegration {
  return {
    name: 'apobote:build-stamp',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFile(path.join(fileURLToPath(dir), '..', BUILD_STAMP_FILE), serverConfig().catalogDir);
      },
    },
  };
}
