// How `npm start`'s server is bundled (scripts/build-server.mjs), and the API tests' server processes with it
// (tests/api/bundle.ts): the dependencies inside the bundle, but for the two with native bindings (libSQL and argon2),
// loaded from node_modules as before. One file to read instead of about a thousand: `node dist-server/main.js --version`
// took 1.25 s (1.6 s of CPU) with the dependencies left in node_modules and 0.61 s (0.7 s) with them inside
// (docs/performance.md).

/** esbuild options for a server entry; `outfile` or `outdir` is the caller's. */
export const serverBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Native bindings stay where npm put them, and ws's optional native helpers stay optional.
  external: ['libsql', '@node-rs/argon2', 'bufferutil', 'utf-8-validate'],
  // The CommonJS dependencies' require() of Node's own modules, inside an ES module.
  banner: { js: "import { createRequire as __sowerCreateRequire } from 'node:module'; const require = __sowerCreateRequire(import.meta.url);" },
  logLevel: 'warning',
};
