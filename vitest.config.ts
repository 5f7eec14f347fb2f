// vitest projects: unit (pure helpers), api (real server + real libSQL file), load (latency with the machine to itself).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Two files at a time on two cores (vitest's default in a run is one worker fewer than the cores: one here), sharing
      // their worker's modules as the API files do; a file that changes shared state puts it back (i18n.test.ts).
      // A test's budget as the API project's: with two workers on a busy machine, building every time zone's label (zones)
      // or saturating a server in the test's own process (turns) ran past vitest's 5 s; what each checks is a result.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: 2, isolate: false, testTimeout: 20000 } },
      // Every answer a procedure returns is checked against its declared schema here (server/answers.ts), not in production.
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { SOWER_CHECK_ANSWERS: '1' },
          testTimeout: 20000,
          hookTimeout: 30000,
          fileParallelism: true,
          // Vitest's default in a run, one worker fewer than the cores, is one worker on a 2-core machine: the files then
          // ran one after another while the other core idled.
          maxWorkers: 2,
          // The server (bundled once) that the files running it as a process start (tests/api/process.ts).
          globalSetup: ['tests/api/bundle.ts'],
          // Files share their worker's modules: each starts its own server on its own database, and importing the
          // server once per worker instead of once per file halved the project's time (266 s to 131 s on 2 cores). A file
          // that changes the environment puts it back (exhaustion.test.ts; answers.test.ts fails otherwise).
          isolate: false,
        },
      },
      // The single executable, packaged by `npm run test:sea` after the build (issue 31).
      { test: { name: 'sea', include: ['tests/sea/**/*.test.ts'], environment: 'node', testTimeout: 60000, hookTimeout: 60000, fileParallelism: false } },
      // Latency under load, one file at a time on an otherwise idle machine (after the API tests in `npm test`).
      { test: { name: 'load', include: ['tests/load/**/*.test.ts'], environment: 'node', testTimeout: 120000, fileParallelism: false } },
    ],
  },
});
