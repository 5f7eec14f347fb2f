// Bundles the server into dist-server/main.js for `npm start` (scripts/server-bundle.mjs says what is inside). Another
// output file may be given (`node scripts/build-server.mjs <file>`).
import { build } from 'esbuild';
import { serverBundle } from './server-bundle.mjs';

const outfile = process.argv[2] ?? 'dist-server/main.js';
await build({ ...serverBundle, entryPoints: ['server/main.ts'], outfile, sourcemap: true });
console.log(`Built ${outfile}`);
