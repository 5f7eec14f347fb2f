// The lint rule that reports TypeScript's errors from the type-aware rules' program (scripts/typescript-diagnostics.mjs),
// on a project of its own: `npm test` type-checks through it instead of running tsc beside ESLint.
import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { typescriptPlugin } from '../../scripts/typescript-diagnostics.mjs';

const dir = mkdtempSync(join(tmpdir(), 'sower-ts-diagnostics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({ compilerOptions: { strict: true, noUnusedLocals: true, noEmit: true, target: 'ES2022', module: 'ESNext', types: [] }, include: ['*.ts'] }),
);
writeFileSync(join(dir, 'wrong.ts'), "export const count: number = 'three';\nconst unused = 1;\nexport const sum = (a: number) => a + missing;\n");
writeFileSync(join(dir, 'right.ts'), 'export const count: number = 3;\n');

const eslint = new ESLint({
  cwd: dir,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser, parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir } },
      plugins: { typescript: typescriptPlugin },
      rules: { 'typescript/diagnostics': 'error' },
    },
  ],
});

describe("TypeScript's errors as lint errors", () => {
  it('reports each error of a file where tsc puts it, with its code', async () => {
    const [result] = await eslint.lintFiles(['wrong.ts']);
    expect(result.messages.map(({ line, column, message }) => ({ line, column, message }))).toEqual([
      { line: 1, column: 14, message: "TS2322: Type 'string' is not assignable to type 'number'." },
      { line: 2, column: 7, message: "TS6133: 'unused' is declared but its value is never read." },
      { line: 3, column: 39, message: "TS2304: Cannot find name 'missing'." },
    ]);
  });

  it('reports nothing for a file without errors', async () => {
    const [result] = await eslint.lintFiles(['right.ts']);
    expect(result.messages).toEqual([]);
  });
});
