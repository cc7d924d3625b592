import { defineProject } from 'vitest/config';

// API tests on a real PostgreSQL: test/global-setup.ts migrates one template database per run and each
// test file gets its own copy (test/helpers.ts). A worker's files share its module graph (isolate: false, decision
// 0145), so the app's modules load once per worker, not once per file; the files that mock a module reset the graph.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    isolate: false,
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
