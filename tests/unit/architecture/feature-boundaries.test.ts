import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryViolation } from '../../../eslint/feature-boundaries.js';

const root = process.cwd();
const check = boundaryViolation as (importer: string, source: string, root: string) => string | null;

describe('the feature-boundary rule', () => {
  const file = (rel: string) => path.join(root, rel);
  it('allows a feature its own internals and others only through index.ts, ui.ts or client.ts', () => {
    expect(check(file('src/features/cart/server/routes.ts'), '../model/totals', root)).toBeNull();
    expect(check(file('src/features/cart/server/routes.ts'), '../../catalog', root)).toBeNull();
    expect(check(file('src/features/cart/server/routes.ts'), '../../catalog/index.ts', root)).toBeNull();
    expect(check(file('src/pages/shop/index.astro'), '../../features/catalog/ui', root)).toBeNull();
    expect(check(file('src/features/search/components/SearchScreen.tsx'), '../../cart/client', root)).toBeNull();
    expect(check(file('src/features/cart/server/routes.ts'), '../../catalog/model/pzn', root)).toMatch(/reaches into feature 'catalog'/);
    expect(check(file('src/pages/shop/index.astro'), '../../features/catalog/components/ProductCard.astro', root)).toMatch(/catalog/);
    expect(check(file('scripts/start.ts'), '../src/features/catalog/server/import-catalog', root)).toMatch(/catalog/);
  });
});

/** The ESLint rule covers .ts/.tsx; this scan applies the same check to every source, .astro included. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx|mjs|js|astro)$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('no source file reaches into another feature', () => {
  it('holds for src/ and scripts/', () => {
    const violations = [...sources(path.join(root, 'src')), ...sources(path.join(root, 'scripts'))].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => check(file, match[1] ?? match[2] ?? '', root))
        .filter((message): message is string => message !== null)
        .map((message) => `${path.relative(root, file)}: ${message}`),
    );
    expect(violations).toEqual([]);
  });
});
