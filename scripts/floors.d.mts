// The types of scripts/floors.mjs, for tests/unit/import-graph.test.ts.
import type { ESLint } from 'eslint';

export declare const levels: readonly { floor: string; files: readonly string[]; apart?: boolean }[];
export declare function levelOf(path: string): number;
export declare function importProblem(from: string, to: string, typeOnly: boolean): string | null;
export declare function resolveImport(from: string, specifier: string): string | null;
export declare const floorsPlugin: ESLint.Plugin;
