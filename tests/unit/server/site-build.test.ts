import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_PRIORITY, cspFromHashesFile, makeClientSwappable, runChild, swapInBuild } from '../../../src/platform/server/site-build';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apobote-swap-'));
  dirs.push(dir);
  return dir;
}

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('swapping a finished build into the running server', () => {
  it('dist/client becomes a link at start, and a new build replaces what it points to, keeping old assets and both CSP hash sets', async () => {
    const root = folder();
    const dist = path.join(root, 'dist');
    const next = path.join(root, 'dist-next');
    write(path.join(dist, 'client', 'shop', 'index.html'), 'old');
    write(path.join(dist, 'client', '_astro', 'old.js'), 'old asset');
    write(path.join(dist, 'csp-hashes.json'), JSON.stringify(['sha256-old']));
    write(path.join(dist, 'server', 'entry.mjs'), 'running code');

    await makeClientSwappable(dist, new Date(1_000));
    expect(lstatSync(path.join(dist, 'client')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dist, 'client', 'shop', 'index.html'), 'utf8')).toBe('old');
    await makeClientSwappable(dist, new Date(2_000)); // already a link: nothing happens
    expect(existsSync(path.join(dist, 'client-2000-start'))).toBe(false);

    write(path.join(next, 'client', 'shop', 'index.html'), 'new');
    write(path.join(next, 'client', '_astro', 'new.js'), 'new asset');
    write(path.join(next, 'csp-hashes.json'), JSON.stringify(['sha256-new']));
    write(path.join(next, 'server', 'entry.mjs'), 'new code');
    await swapInBuild(dist, next, new Date(3_000));

    expect(readFileSync(path.join(dist, 'client', 'shop', 'index.html'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(dist, 'client', '_astro', 'old.js'), 'utf8')).toBe('old asset');
    expect(JSON.parse(readFileSync(path.join(dist, 'csp-hashes.json'), 'utf8'))).toEqual(['sha256-new', 'sha256-old']);
    expect(readFileSync(path.join(dist, 'server', 'entry.mjs'), 'utf8')).toBe('running code');
    expect(existsSync(next)).toBe(false);

    // A third build: the one before stays for requests in flight, older ones go.
    write(path.join(next, 'client', 'shop', 'index.html'), 'newer');
    await swapInBuild(dist, next, new Date(4_000));
    expect(readFileSync(path.join(dist, 'client', 'shop', 'index.html'), 'utf8')).toBe('newer');
    expect(existsSync(path.join(dist, 'client-3000'))).toBe(true);
    expect(existsSync(path.join(dist, 'client-1000-start'))).toBe(false);
  });

  it('an incomplete build is refused and the running site stays', async () => {
    const root = folder();
    const dist = path.join(root, 'dist');
    write(path.join(dist, 'client', 'shop', 'index.html'), 'old');
    mkdirSync(path.join(root, 'dist-next', 'client'), { recursive: true });
    await expect(swapInBuild(dist, path.join(root, 'dist-next'), new Date(5_000))).rejects.toThrow(/no pages/);
    expect(readFileSync(path.join(dist, 'client', 'shop', 'index.html'), 'utf8')).toBe('old');
  });

  it('the CSP is rebuilt when the hashes file changes, not on every request', () => {
    const file = path.join(folder(), 'csp-hashes.json');
    let builds = 0;
    const csp = cspFromHashesFile(file, (hashes) => `script-src ${hashes.join(' ')} #${++builds}`);
    expect(csp()).toBe('script-src  #1');
    write(file, JSON.stringify(['sha256-a']));
    utimesSync(file, new Date(10_000), new Date(10_000));
    expect(csp()).toBe('script-src sha256-a #2');
    expect(csp()).toBe('script-src sha256-a #2');
    write(file, JSON.stringify(['sha256-a', 'sha256-b']));
    utimesSync(file, new Date(20_000), new Date(20_000));
    expect(csp()).toBe('script-src sha256-a sha256-b #3');
  });
});

describe('the build child beside a running shop', () => {
  const printPriority = "console.log(require('node:os').getPriority())";

  it('runs at a lower CPU priority than the server, so the shop\'s requests come first', async () => {
    const lines: string[] = [];
    expect(await runChild(process.execPath, ['-e', printPriority], { onLine: (line) => lines.push(line), priority: BACKGROUND_PRIORITY })).toBe(0);
    expect(Number(lines[0])).toBe(Math.min(19, getPriority() + BACKGROUND_PRIORITY));
  });

  it('is ended when its build is stopped: a failed build (no exit status), with the lines so far', async () => {
    const stop = new AbortController();
    const lines: string[] = [];
    const status = runChild(process.execPath, ['-e', "console.log('started'); setInterval(() => {}, 1000);"], {
      onLine: (line) => {
        lines.push(line);
        stop.abort();
      },
      signal: stop.signal,
    });
    expect(await status).toBeNull();
    expect(lines).toEqual(['started']);
  });
});
