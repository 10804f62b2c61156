import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A feature's client.ts is what islands import. Whatever it reaches ends up in a browser bundle, so
 * it must never reach server code, database drivers, Node built-ins or .astro files: one stray
 * import would ship a database driver to every visitor or break the build of an island.
 */
const root = process.cwd();
const featuresDir = path.join(root, 'src', 'features');
const SERVER_ONLY_PACKAGES = [/^drizzle-orm/, /^pg$/, /^@electric-sql\/pglite/, /^node:/, /^hono/, /^@hono\//, /^nodemailer/, /^compression$/];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function resolveSource(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(ts|tsx|astro)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every problem reachable from `entry`, as "chain: reason" lines. */
function problemsFrom(entry: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, path.relative(root, file)];
    if (file.endsWith('.astro')) problems.push(`${here.join(' -> ')}: .astro file`);
    if (file.split(path.sep).includes('server')) problems.push(`${here.join(' -> ')}: server code`);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec) continue;
      // Type-only imports vanish at compile time.
      if (/^\s*(?:import|export)\s+type\b/.test(match[0].trimStart())) continue;
      if (spec.startsWith('.')) {
        const target = resolveSource(file, spec);
        if (target) visit(target, here);
      } else if (SERVER_ONLY_PACKAGES.some((pattern) => pattern.test(spec))) {
        problems.push(`${here.join(' -> ')}: imports ${spec}`);
      }
    }
  };
  visit(entry, []);
  return problems;
}

/** Every module of a directory tree with one of the extensions. */
function modules(dir: string, extensions: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(full, extensions);
    return extensions.test(entry.name) ? [full] : [];
  });
}

const clientDoors = readdirSync(featuresDir)
  .map((name) => path.join(featuresDir, name, 'client.ts'))
  .filter((file) => existsSync(file));

describe("features' client doors", () => {
  it('exist for the features whose state islands share', () => {
    expect(clientDoors.map((file) => path.basename(path.dirname(file)))).toEqual(expect.arrayContaining(['cart', 'pharmacies']));
  });

  it.each(clientDoors.map((file) => [path.relative(root, file), file]))('%s reaches no server code, driver or .astro file', (_name, file) => {
    expect(problemsFrom(file)).toEqual([]);
  });

  it('would notice a door that reaches server code', () => {
    const pharmaciesIndex = path.join(featuresDir, 'pharmacies', 'index.ts');
    expect(problemsFrom(pharmaciesIndex).length).toBeGreaterThan(0);
  });
});

/*
 * What runs in the browser: the features' browser/ and islands/ code. Whatever door of another
 * feature it imports (client.ts, or index.ts where that one is browser-safe) is checked through it.
 */
const browserModules = [
  ...readdirSync(featuresDir).flatMap((name) => ['browser', 'islands'].flatMap((dir) => modules(path.join(featuresDir, name, dir), /\.(ts|tsx)$/))),
];

describe('browser code', () => {
  it('is found where the layout puts it', () => {
    expect(browserModules.map((file) => path.relative(root, file))).toEqual(
      expect.arrayContaining(['src/features/cart/browser/boot.ts', 'src/features/checkout/islands/CheckoutScreen.tsx', 'src/features/accounts/islands/LoginScreen.tsx']),
    );
  });

  it.each(browserModules.map((file) => [path.relative(root, file), file]))('%s reaches no server code, driver or .astro file', (_name, file) => {
    expect(problemsFrom(file)).toEqual([]);
  });
});
