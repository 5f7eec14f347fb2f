// The single executable's start (issue 31): its files come out of the executable once, into a private cache directory,
// before the server's modules load. Imported first by server/sea/entry.ts; never part of `npm start`.
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getAsset, isSea } from 'node:sea';
import { setFlagsFromString } from 'node:v8';
import { loadEnvFile } from '../ops/envFile';
import { actAsOwnerOf } from '../ops/privileges';

/** What scripts/package.mjs put in the executable: each file's path under the cache directory, and a hash of them all. */
interface Manifest {
  version: string;
  hash: string;
  files: string[];
}

declare global {
  /** The bundle's stand-in for `import.meta.url` (scripts/package.mjs defines it): a module inside the cache directory. */
  var __sowerModuleUrl: string;
  /** A native module by name ('libsql', 'argon2'), loaded from the cache directory with process.dlopen. */
  var __sowerNative: (name: string) => unknown;
}

/** Where the data lives: SOWER_DATA_DIR, else ./data (scripts and the service set it). */
export function dataDirectory() {
  return resolve(process.env.SOWER_DATA_DIR || 'data');
}

/** $XDG_CACHE_HOME/sower/<hash>, else beside the database in the data directory. */
function cacheDirectory(hash: string) {
  const base = process.env.XDG_CACHE_HOME ? join(process.env.XDG_CACHE_HOME, 'sower') : join(dataDirectory(), 'cache');
  return join(base, hash);
}

/**
 * Writes the executable's files into its cache directory unless a complete copy is there: into a fresh folder first,
 * renamed into place when whole, so a start killed half way leaves nothing that a later one would take for complete.
 * Folders 0700, files 0600: nobody else on the machine reads them.
 */
function extract(manifest: Manifest): string {
  const target = cacheDirectory(manifest.hash);
  if (existsSync(join(target, '.complete'))) return target;
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const building = `${target}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  for (const file of manifest.files) {
    const path = join(building, file);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, new Uint8Array(getAsset(file)), { mode: 0o600 });
  }
  writeFileSync(join(building, '.complete'), manifest.hash, { mode: 0o600 });
  try {
    renameSync(building, target);
  } catch (error) {
    // Another start got there first: its copy is the same.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(target, '.complete'))) throw error;
  }
  chmodSync(target, 0o700);
  return target;
}

/** `--env-file <file>` or `--env-file=<file>` among the arguments, read here first: it may set SOWER_DATA_DIR. */
function envFileArgument(argv: string[]) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--env-file') return argv[i + 1];
    if (argv[i].startsWith('--env-file=')) return argv[i].slice('--env-file='.length);
  }
  return undefined;
}

if (!isSea()) throw new Error('server/sea/runtime.ts runs only inside the single executable');
// What `npm start` passes to node (docs/performance.md): an old generation allowed to grow to 1.5x what the last full
// collection kept. Node refuses it in NODE_OPTIONS; set here, it steers collections as on the command line
// (tests/unit/heap-growing.test.ts). The young generation's size is read when the heap is made: the unit passes
// --max-semi-space-size=8 in NODE_OPTIONS, which allows it.
setFlagsFromString('--heap-growing-percent=50');
const manifest = JSON.parse(getAsset('manifest.json', 'utf8')) as Manifest;
const envFile = envFileArgument(process.argv.slice(2));
if (envFile) {
  try {
    loadEnvFile(envFile);
  } catch {
    // A missing or unreadable file is the command's to report (server/cli.ts), in a sentence.
  }
}
// Run by root for a service user's data directory: its files, the cache among them, stay that user's.
actAsOwnerOf(dataDirectory());
let cache: string;
try {
  cache = extract(manifest);
} catch (error) {
  const { code, path } = error as NodeJS.ErrnoException;
  console.error(
    `Cannot write the executable's files under ${path ? dirname(path) : cacheDirectory(manifest.hash)}: ${code ?? (error as Error).message} (set SOWER_DATA_DIR, or XDG_CACHE_HOME, to a folder this user may write)`,
  );
  process.exit(1);
}
globalThis.__sowerModuleUrl = pathToFileURL(join(cache, 'server', 'main.js')).href;
globalThis.__sowerNative = (name: string) => {
  const module = { exports: {} };
  process.dlopen(module, join(cache, 'native', `${name}.node`));
  return module.exports;
};
process.env.STATIC_DIR ||= join(cache, 'dist');
