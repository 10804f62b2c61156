// The build a tests/pg server runs for "Rebuild the static pages" (SITE_BUILD_TEST_SCRIPT, demo mode
// only): prints a few lines and holds the cross-process guard until the test creates the gate file,
// then fails on purpose, so the shared dist/ the servers serve is never swapped.
import { existsSync } from 'node:fs';

const gate = process.env.SITE_BUILD_TEST_GATE;
console.log('building client (test stand-in)');
console.log(`out dir: ${process.env.ASTRO_OUT_DIR ? 'set' : 'default'}`);
const timer = setInterval(() => {
  if (gate && !existsSync(gate)) return;
  clearInterval(timer);
  console.error('[test stand-in] the build fails on purpose, so dist/ stays as it is');
  process.exit(1);
}, 25);
