import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildState } from '../../../src/platform/server/build-freshness';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'apobote-fresh-'));
  roots.push(root);
  const src = path.join(root, 'src');
  const catalog = path.join(root, 'catalog');
  const dist = path.join(root, 'dist');
  mkdirSync(src);
  mkdirSync(catalog);
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(src, 'page.astro'), 'x');
  writeFileSync(path.join(catalog, 'products.json'), '[]');
  const past = new Date(Date.now() - 60_000);
  utimesSync(path.join(src, 'page.astro'), past, past);
  utimesSync(path.join(catalog, 'products.json'), past, past);
  const stampFile = path.join(dist, '.build-stamp');
  const state = (stamp: string | null) =>
    buildState({ distDir: dist, sources: [src], catalogDir: catalog, stampFile, readStamp: () => stamp });
  return { root, src, catalog, dist, stampFile, state };
}

describe('npm start rebuilds only when needed', () => {
  it('builds when there is no build yet', () => {
    expect(project().state(null)).toMatchObject({ needed: true, reason: 'no build yet' });
  });

  it('skips the build when nothing changed, rebuilds after a catalogue edit or another catalogue', () => {
    const p = project();
    writeFileSync(path.join(p.dist, 'server', 'entry.mjs'), '');
    writeFileSync(p.stampFile, p.catalog);
    expect(p.state(p.catalog).needed).toBe(false);
    expect(p.state('/elsewhere/catalog')).toMatchObject({ needed: true, reason: 'the catalogue folder changed' });
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(p.catalog, 'products.json'), future, future);
    expect(p.state(p.catalog)).toMatchObject({ needed: true, reason: 'sources changed since the last build' });
  });
});
