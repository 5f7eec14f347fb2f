// Dead files, exports and dependencies fail `npm test` (`npm run lint:dead`, decision 020).
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // Beside the two programs (server/main.ts, src/main.tsx, found through package.json and vite.config.ts): the bench
  // and build scripts, run by path, the service worker, served as a file, and the single executable's main script
  // (bundled by scripts/package.mjs), and Playwright's reporters, named by path in playwright.config.ts.
  entry: ['bench/*.ts', 'scripts/*.{ts,mjs}', 'scripts/i18n/*.ts', 'sw/sw.js', 'server/sea/entry.ts', 'tests/e2e/*-reporter.ts'],
  // Run by scripts/package.mjs through its path (node_modules/postject/dist/cli.js).
  ignoreDependencies: ['postject'],
  project: ['server/**/*.ts', 'src/**/*.{ts,tsx,css}', 'shared/**/*.ts', 'db/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts'],
  // An export used in its own file (a constant a test also reads, a type of a public signature) is not dead.
  ignoreExportsUsedInFile: true,
  // The push test makes its stub's certificate with the system's openssl (Node 20 cannot make an X.509 certificate).
  ignoreBinaries: ['openssl'],
  // The stylesheet's `@import "tailwindcss"` and `@plugin "daisyui"` are dependencies too.
  compilers: {
    css: (text: string) => [...text.matchAll(/@(?:import|plugin)\s+["']([^"']+)["']/g)].map(([, specifier]) => `import '${specifier}';`).join('\n'),
  },
};

export default config;
