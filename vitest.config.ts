// vitest projects: unit (pure helpers) and api (real server + real libSQL file).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 20000, hookTimeout: 30000, fileParallelism: true } },
    ],
  },
});
