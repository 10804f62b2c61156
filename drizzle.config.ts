import { defineConfig } from 'drizzle-kit';

// Each feature owns its tables; drizzle-kit collects them into one committed migration history
// that applies unchanged to PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  // Platform tables that belong to no feature (real-time events and stream tickets, the demo payment
  // provider's state) are listed here.
  schema: ['./src/features/*/server/schema.ts', './src/platform/realtime/tables.ts', './src/platform/payments/demo-tables.ts', './src/platform/outbox/tables.ts'],
  out: './drizzle',
});
