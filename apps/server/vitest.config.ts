import { defineProject } from 'vitest/config';

// API tests on a real PostgreSQL: test/global-setup.ts migrates one template database per run and each
// test file gets its own copy (test/helpers.ts).
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
