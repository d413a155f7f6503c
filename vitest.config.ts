import { defineConfig } from 'vitest/config';

// One run over every workspace; each keeps its own settings next to its code.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/phone'],
  },
});
