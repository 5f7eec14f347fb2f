// The esbuild plugin of `npm run package` (scripts/package.mjs): the native modules are loaded from the executable's
// cache directory (server/sea/runtime.ts's __sowerNative), and every other platform's binding stays out of the bundle.
import { readFileSync } from 'node:fs';

/** The line with which libsql/index.js loads its binding, replaced by the executable's loader. */
const LIBSQL_LOADS_BINDING = 'return require(`@libsql/${target}`);';

/** libsql/index.js, loading its binding from the executable; it throws when an upgrade changed that line. */
export function patchLibsqlLoader(source) {
  if (!source.includes(LIBSQL_LOADS_BINDING))
    throw new Error(`libsql/index.js no longer loads its binding with ${LIBSQL_LOADS_BINDING}: see scripts/sea-plugin.mjs`);
  return source.replace(LIBSQL_LOADS_BINDING, "return globalThis.__sowerNative('libsql');");
}

export const nativePlugin = {
  name: 'sower-native',
  setup(b) {
    b.onResolve({ filter: /^@node-rs\/argon2-linux-x64-gnu$/ }, () => ({ path: 'argon2', namespace: 'sower-native' }));
    // Other platforms' bindings, loose .node files and ws's optional helpers: absent, as a require that fails (each
    // package tries the next). The binding's package.json (its version check) is bundled like any JSON.
    b.onResolve({ filter: /^@node-rs\/argon2-|^@libsql\/(linux|darwin|win32)-|\.node$|^bufferutil$|^utf-8-validate$|argon2\.wasi/ }, (args) =>
      args.path === '@node-rs/argon2-linux-x64-gnu/package.json' ? undefined : { path: args.path, namespace: 'sower-absent' },
    );
    b.onLoad({ filter: /.*/, namespace: 'sower-native' }, (args) => ({
      contents: `module.exports = globalThis.__sowerNative(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
    b.onLoad({ filter: /.*/, namespace: 'sower-absent' }, (args) => ({
      contents: `throw Object.assign(new Error(${JSON.stringify(`${args.path} is not in this executable`)}), { code: 'MODULE_NOT_FOUND' });`,
      loader: 'js',
    }));
    b.onLoad({ filter: /node_modules\/libsql\/index\.js$/ }, (args) => ({
      contents: patchLibsqlLoader(readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
