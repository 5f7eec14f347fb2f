// The import graph of server/, shared/, db/, src/ and sw/ against the floors (scripts/floors.mjs, docs/architecture.md):
// no import points up a floor, no server file reaches itself through its imports, and the client reaches server/ and
// db/ only for types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { importProblem, levelOf, resolveImport } from '../../scripts/floors.mjs';

const root = join(import.meta.dirname, '..', '..');

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every relative import, export-from and import() of a file, resolved to repository paths. */
function importsOf(file: string, text: string): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  // preProcessFile finds every specifier (import(), export-from included); the statements say which are type-only.
  const typeOnly = new Set<string>();
  const valued = new Set<string>();
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    if (!specifier) continue;
    const isType = ts.isImportDeclaration(statement) ? Boolean(statement.importClause?.isTypeOnly) : (statement as ts.ExportDeclaration).isTypeOnly;
    (isType ? typeOnly : valued).add(specifier);
  }
  const edges: Edge[] = [];
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const to = resolveImport(file, fileName);
    if (to) edges.push({ from: file, to, typeOnly: typeOnly.has(fileName) && !valued.has(fileName) });
  }
  return edges;
}

function readGraph(files: string[], read = (file: string) => readFileSync(join(root, file), 'utf8')): Edge[] {
  return files.flatMap((file) => importsOf(file, read(file)));
}

/** The strongly connected parts of the graph with more than one file (or a file importing itself): the cycles. */
function cyclesOf(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || next.get(v)?.includes(v)) cycles.push(part.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

const files = globSync(['server/**/*.ts', 'shared/**/*.ts', 'db/**/*.ts', 'src/**/*.{ts,tsx}', 'sw/**/*.js'], {
  cwd: root,
  ignore: ['shared/locales/**', 'src/locales/**', 'db/migrations/**'],
}).sort();
const graph = readGraph(files);

describe('the import graph', () => {
  it('reads the tree: every server file has a floor, and imports are found', () => {
    expect(files.filter((f) => f.startsWith('server/') && levelOf(f) < 0)).toEqual([]);
    expect(graph.length).toBeGreaterThan(1000);
  });

  it('has no import pointing up a floor, and router files import no other router file', () => {
    expect(graph.map((e) => importProblem(e.from, e.to, e.typeOnly)).filter(Boolean)).toEqual([]);
  });

  // Type-only imports count: a cycle through a type still means neither file can be read or changed without the other.
  it('has no cycle among server files, type-only imports included', () => {
    expect(cyclesOf(graph.filter((e) => e.from.startsWith('server/') && e.to.startsWith('server/')))).toEqual([]);
  });

  it('has the client import server/ and db/ for types only', () => {
    const client = graph.filter((e) => /^(src|sw)\//.test(e.from) && /^(server|db)\//.test(e.to));
    expect(client.length).toBeGreaterThan(0);
    expect(client.filter((e) => !e.typeOnly)).toEqual([]);
  });

  it('catches what it is for: an upward import, a cycle, a router importing a router, a client value import', () => {
    const scratch: Record<string, string> = {
      'server/queries/rows.ts': "import { appRouter } from '../routers';\nimport { x } from '../access';",
      'server/access.ts': "import { y } from './queries/rows';",
      'server/routers/goals.ts': "import { z } from './teams';",
      'src/scratch.ts': "import type { AppRouter } from '../server/routers';\nimport { w } from '../server/trpc';",
    };
    const edges = readGraph(Object.keys(scratch), (file) => scratch[file]);
    const problems = edges.map((e) => importProblem(e.from, e.to, e.typeOnly));
    expect(problems).toEqual([
      expect.stringMatching(/^server\/queries\/rows\.ts .*imports server\/routers\/index\.ts, which is above it/),
      expect.stringMatching(/^server\/queries\/rows\.ts .*imports server\/access\.ts, which is above it/),
      null,
      expect.stringMatching(/^server\/routers\/goals\.ts imports server\/routers\/teams\.ts: router files stand apart/),
      null,
      expect.stringMatching(/^the client imports server\/trpc\.ts/),
    ]);
    expect(cyclesOf(edges)).toEqual([['server/access.ts', 'server/queries/rows.ts']]);
  });
});
