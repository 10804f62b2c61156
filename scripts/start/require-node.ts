/**
 * Imported first by scripts/start.ts: on a Node.js older than package.json's engines, say what to
 * do instead of failing later with a stack trace (or serving a build made by another version).
 * `npm install` brings Node 22 (the `node` package) and every npm script runs on it, so this only
 * trips when the script is started some other way, or before `npm install` was run again.
 */
import { readFileSync } from 'node:fs';

const wanted = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;
const [minMajor = 0, minMinor = 0] = (/(\d+)\.(\d+)/.exec(wanted) ?? []).slice(1).map(Number);
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

if (major < minMajor || (major === minMajor && minor < minMinor)) {
  console.error(
    [
      `Apobote needs Node.js ${wanted}; this is ${process.version} (${process.execPath}).`,
      'Run `npm install` in this folder (it installs Node 22 for the npm scripts), then `npm start`.',
    ].join('\n'),
  );
  process.exit(1);
}
