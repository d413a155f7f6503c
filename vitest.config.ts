import { defineConfig } from 'vitest/config';

// One run over every workspace; each keeps its own settings next to its code.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/phone'],
    // Vitest's default is one file at a time on two cores (cores - 1), and most API files spend
    // their time waiting on a child process, a client tool or PostgreSQL: two at once keeps both
    // cores busy. Each file has its own database (a temp directory, a PostgreSQL schema), ports
    // and folders, so files never share state.
    maxWorkers: 2,
  },
});
