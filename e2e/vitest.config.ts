import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: one app, one browser, one file at a time (they share the app started by global-setup and the Chromium
// started by support/browser-server.ts; each page still gets a fresh browser context).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts', 'e2e/support/browser-server.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // As long as a locator's waitFor (15 s): on a loaded CI machine a page's second request can take over a second.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
