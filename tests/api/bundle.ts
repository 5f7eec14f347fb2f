// The API project's global setup: the server and the scripts the tests run as processes, bundled once per run as
// `npm start`'s server is (scripts/server-bundle.mjs), so each process starts without tsx compiling the sources again.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { serverBundle } from '../../scripts/server-bundle.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled files by entry: main (server/main.ts), backup, restore (scripts/) and writer (fixtures/). */
    processBundle: Record<'main' | 'backup' | 'restore' | 'writer', string>;
  }
}

export default async function bundleProcesses(project: TestProject) {
  // Beside `npm start`'s bundle in dist-server/ (git-ignored), so it finds db/migrations where the server does; named
  // by this run's process, so two runs at once keep their own.
  const outdir = join(process.cwd(), 'dist-server');
  const prefix = `test-${process.pid}-`;
  const entries = {
    main: 'server/main.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
    writer: fileURLToPath(new URL('./fixtures/writer.ts', import.meta.url)),
  };
  await build({ ...serverBundle, entryPoints: entries, outdir, entryNames: `${prefix}[name]` });
  const files = Object.fromEntries(Object.keys(entries).map((name) => [name, join(outdir, `${prefix}${name}.js`)]));
  project.provide('processBundle', files as Record<keyof typeof entries, string>);
  return () => {
    for (const file of Object.values(files)) rmSync(file, { force: true });
  };
}
