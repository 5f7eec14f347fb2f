// `--env-file <file>`: KEY=value lines put into the environment (the environment's own values win). The single
// executable reads the file first, as the user who started it, before it may become the data directory's owner
// (server/ops/privileges.ts), who cannot read a root-only file; the command then finds it already read.
import { resolve } from 'node:path';

const loaded = new Set<string>();

/** Reads a configuration file once per process; a missing or unreadable one stops with a sentence. */
export function loadEnvFile(file: string) {
  const path = resolve(file);
  if (loaded.has(path)) return;
  try {
    process.loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`There is no configuration file at ${path}`);
    throw new Error(`Cannot read the configuration file ${path}: ${(error as Error).message}`);
  }
  loaded.add(path);
}
