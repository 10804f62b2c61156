import { spawn } from 'node:child_process';
import path from 'node:path';

export interface BuildMeasurement {
  label: string;
  pages: number;
  wallSeconds: number;
  peakMemoryMb: number;
}

/** Runs `astro build` under GNU time: wall time and peak resident memory of the build process. */
export async function measureBuild(label: string, env: NodeJS.ProcessEnv): Promise<BuildMeasurement> {
  const astro = path.resolve('node_modules/astro/bin/astro.mjs');
  const child = spawn('/usr/bin/time', ['-f', 'APOBOTE_TIME %e %M', process.execPath, astro, 'build'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status: number = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  if (status !== 0) throw new Error(`${label} build failed:\n${output.slice(-4000)}`);
  const match = /APOBOTE_TIME ([\d.]+) (\d+)/.exec(output);
  if (!match) throw new Error('GNU time printed no measurement');
  const pages = (output.match(/\.html \(\+/g) ?? []).length;
  return { label, pages, wallSeconds: Number(match[1]), peakMemoryMb: Math.round(Number(match[2]) / 1024) };
}
