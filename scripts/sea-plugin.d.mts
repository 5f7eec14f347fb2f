// Declarations of scripts/sea-plugin.mjs, for the tests that import it.
import type { Plugin } from 'esbuild';

export function patchLibsqlLoader(source: string): string;
export const nativePlugin: Plugin;
