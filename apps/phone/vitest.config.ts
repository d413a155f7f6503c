import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'phone', include: ['src/**/*.test.ts'] } });
