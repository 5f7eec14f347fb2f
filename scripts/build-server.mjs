// Bundles the server into dist-server/main.js (dependencies stay in node_modules) for `npm start`. Another output file
// may be given (`node scripts/build-server.mjs <file>`): the operator commands' test bundles the server the same way.
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist-server/main.js';
await build({
  entryPoints: ['server/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`Built ${outfile}`);
