import { defineConfig } from 'vitest/config';

// Unit and API tests: one project per workspace. Browser tests run separately (e2e/vitest.config.ts).
// Two workers on the 2-core machines (vitest's default is one fewer than the cores): API tests spend most of their time
// waiting on PostgreSQL, so a second file in flight uses the core the first leaves idle (decision 0098 has the figures).
export default defineConfig({
  test: { projects: ['packages/shared', 'packages/telephony-double', 'apps/server', 'apps/web'], maxWorkers: 2 },
});
