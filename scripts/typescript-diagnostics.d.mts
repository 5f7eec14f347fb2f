// The types of scripts/typescript-diagnostics.mjs, for tests/unit/typescript-diagnostics.test.ts.
import type { ESLint } from 'eslint';

export declare const typescriptPlugin: ESLint.Plugin;
