import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API tests run in Node; a file that needs a DOM says `// @vitest-environment jsdom`.
// The API suite opens a database (PGlite, or PostgreSQL when DATABASE_URL is set) per file, each a
// copy of one migrated once (tests/api/support/test-db.ts).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker on a two-core CI machine. API
    // files wait on their database (PostgreSQL in another process) often enough that one worker
    // more than the cores runs the API suite in a third of the time here (188 → 54 s).
    maxWorkers: availableParallelism() + 1,
    projects: [
      // Unit files restore what they change (env, globals); a worker reusing its modules across files
      // runs the suite in a third of the time (checked with shuffled file orders).
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], isolate: false },
      },
      {
        extends: true,
        // API files build their app and database explicitly and share no module state worth a fresh
        // process: a worker evaluates the app's ~300 modules once instead of once per file.
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], isolate: false },
      },
      // Real server processes on one PostgreSQL database: `npm run test:pg` runs them after the API suite.
      { extends: true, test: { name: 'pg', include: ['tests/pg/**/*.test.ts'] } },
    ],
  },
});
