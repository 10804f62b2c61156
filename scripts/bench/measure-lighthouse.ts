import { spawn } from 'node:child_process';
import path from 'node:path';
import { CHROMIUM_ARGS } from './chromium';

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
}

/** Lighthouse's default (mobile, simulated throttling) run, offline against the local server. */
export async function lighthouse(page: string, url: string): Promise<LighthouseScores> {
  const cli = path.resolve('node_modules/lighthouse/cli/index.js');
  const flags = ['--headless=new', ...CHROMIUM_ARGS].join(' ');
  const child = spawn(process.execPath, [cli, url, '--quiet', '--output=json', '--output-path=stdout', `--chrome-flags=${flags}`], {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const status: number = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  if (status !== 0) throw new Error(`lighthouse failed for ${url}: ${err.slice(-2000)}`);
  const report = JSON.parse(out) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
  };
}
