// `npm run package`: release/sower-<version>-linux-x64, one executable (Node's single executable applications) holding
// the server bundle, the built client with its compressed copies, the migrations and the native modules, with a
// .sha256 beside it. Run after `npm run build` (it builds the client when dist/ is missing). Issue 31, docs/deploy.md.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { nativePlugin } from './sea-plugin.mjs';

const root = new URL('..', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const work = join(root, '.tmp/package');
const release = join(root, 'release');
const name = `sower-${version}-linux-x64`;
const output = join(release, name);

if (!existsSync(join(root, 'dist/index.html'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
mkdirSync(release, { recursive: true });

/** The native modules, by the name server/sea/runtime.ts loads them under. */
const natives = {
  libsql: join(root, 'node_modules/@libsql/linux-x64-gnu/index.node'),
  argon2: join(root, 'node_modules/@node-rs/argon2-linux-x64-gnu/argon2.linux-x64-gnu.node'),
};

const bundle = join(work, 'sower.cjs');
await build({
  entryPoints: [join(root, 'server/sea/entry.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  define: { 'import.meta.url': 'globalThis.__sowerModuleUrl' },
  plugins: [nativePlugin],
  logLevel: 'warning',
});

/** Every file under `dir`, as paths relative to `base`. */
const filesUnder = (dir, base) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path, base) : [relative(base, path)];
  });

const assets = {};
for (const file of filesUnder(join(root, 'dist'), root)) assets[file] = join(root, file);
for (const file of filesUnder(join(root, 'db/migrations'), root)) assets[file] = join(root, file);
for (const [module, path] of Object.entries(natives)) assets[`native/${module}.node`] = path;
const hash = createHash('sha256');
for (const key of Object.keys(assets).sort()) hash.update(key).update('\0').update(readFileSync(assets[key]));
const manifest = { version, hash: hash.digest('hex').slice(0, 16), files: Object.keys(assets).sort() };
writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest));
assets['manifest.json'] = join(work, 'manifest.json');

// The same bundle, files and Node as the executable already there: nothing to do (`npm test` packages on every run).
const key = createHash('sha256')
  .update(readFileSync(bundle))
  .update(manifest.hash)
  .update(process.version)
  .update(readFileSync(process.execPath))
  .digest('hex');
const keyFile = join(work, '..', `${name}.key`);
if (existsSync(output) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) {
  console.log(`Packaged ${relative(root, output)}: unchanged`);
  process.exit(0);
}

const blob = join(work, 'sea-prep.blob');
writeFileSync(
  join(work, 'sea-config.json'),
  JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, useSnapshot: false, assets }),
);
execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: 'inherit' });
rmSync(output, { force: true });
copyFileSync(process.execPath, output);
execFileSync(
  process.execPath,
  [join(root, 'node_modules/postject/dist/cli.js'), output, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'],
  { stdio: 'inherit' },
);
const digest = createHash('sha256').update(readFileSync(output)).digest('hex');
writeFileSync(`${output}.sha256`, `${digest}  ${name}\n`);
writeFileSync(keyFile, key);
console.log(`Packaged ${relative(root, output)} (${(statSync(output).size / 1e6).toFixed(1)} MB), sha256 ${digest.slice(0, 16)}…`);
