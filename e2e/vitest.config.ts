import { defineConfig } from 'vitest/config';

// Browser journeys against the BUILT app (`npm run test:e2e` builds first). The global setup
// starts one Chromium, one SMTP sink and one server on a fresh PGlite directory; each test
// opens its own browser context so cookies never leak between tests.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/support/page-hooks.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // The machine is shared and small: files run one after another against the one server.
    fileParallelism: false,
    pool: 'forks',
  },
});
