import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs server/db/schema.ts against the committed migrations and writes
// the next one. Generation needs no database; the server applies migrations at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
});
