import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to the code (*.test.ts). Browser journeys live in e2e/
// and run through e2e/vitest.config.ts against the built app.
export default defineConfig({
  test: {
    globals: true,
    include: ['{engine,server,contracts,adapters,bin,bench,scripts,web}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
