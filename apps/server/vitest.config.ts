import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The API tests drive real servers, client tools and PostgreSQL, two files at once (the root
    // config): a heavy test beside another heavy one on two cores has taken 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
