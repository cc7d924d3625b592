import { defineConfig } from 'vitest/config';

// Unit and API tests: one project per workspace. Browser tests run separately (e2e/vitest.config.ts).
export default defineConfig({
  test: { projects: ['packages/shared', 'apps/server', 'apps/web'] },
});
