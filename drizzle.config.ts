import { defineConfig } from 'drizzle-kit';

// Each feature owns its tables; drizzle-kit collects them into one committed migration history
// that applies unchanged to PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/features/*/server/schema.ts',
  out: './drizzle',
});
