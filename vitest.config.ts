import { defineConfig } from 'vitest/config';

// Unit and API tests run in Node; a file that needs a DOM says `// @vitest-environment jsdom`.
// The API suite opens a database (PGlite, or PostgreSQL when DATABASE_URL is set) per file.
export default defineConfig({
  test: {
    // tests/pg need PostgreSQL: `npm run test:pg` runs them after the API suite.
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/api/**/*.test.ts', 'tests/pg/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
