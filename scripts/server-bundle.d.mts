// The types of scripts/server-bundle.mjs, for tests/api/bundle.ts.
import type { BuildOptions } from 'esbuild';

export declare const serverBundle: BuildOptions;
