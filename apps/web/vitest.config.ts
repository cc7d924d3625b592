import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Form tests type into Mantine inputs in jsdom; on a busy 2-core machine a few take over the default 5 s.
    testTimeout: 20_000,
  },
});
