// The floors of the code, bottom first, and the one rule over them: an import points down a floor, never up
// (docs/architecture.md, decision 035). ESLint applies it to every import as it is written (`floors/import-down` in
// eslint.config.js); tests/unit/import-graph.test.ts applies it to the whole graph and looks for cycles.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * Bottom first. A file belongs to the level that names it (a path), else to the one naming the longest folder (ending
 * in /) that holds it. A file may import files on its own level and on any level below; an `apart` level's files
 * import none of each other (each router stands alone: what two of them share lives in server/domain/). Levels sharing
 * a `floor` make one row of the table in docs/architecture.md.
 */
export const levels = [
  { floor: 'shared', files: ['shared/'] },
  { floor: 'db', files: ['db/'] },
  { floor: 'server base', files: ['server/env.ts', 'server/errors.ts', 'server/errorContract.ts', 'server/i18n.ts', 'server/needsOperator.ts'] },
  { floor: 'sql', files: ['server/queries/prepared.ts', 'server/queries/rows.ts'] },
  { floor: 'sql', files: ['server/access.ts'] },
  { floor: 'sql', files: ['server/queries/', 'server/idempotency.ts'] },
  { floor: 'services', files: ['server/formats/', 'server/security/'] },
  { floor: 'services', files: ['server/nudges/'] },
  { floor: 'services', files: ['server/ops/'] },
  { floor: 'app', files: ['server/trpc.ts', 'server/answers.ts', 'server/downloads.ts', 'server/schemas/'] },
  { floor: 'app', files: ['server/domain/'] },
  { floor: 'app', files: ['server/routers/'], apart: true },
  { floor: 'app', files: ['server/routers/index.ts'] },
  { floor: 'protocol', files: ['server/rest/'] },
  { floor: 'protocol', files: ['server/http/'] },
  { floor: 'entry', files: ['server/main.ts', 'server/cli.ts', 'server/serve.ts', 'server/sea/'] },
];

/** The client's folders: they may import shared/ freely, and server/ or db/ only with `import type`. */
const client = ['src/', 'sw/'];

const under = (path, folders) => folders.some((f) => path.startsWith(f));

/** The level of a path relative to the repository (its index in `levels`, higher is upper), or -1 if it has none. */
export function levelOf(path) {
  const named = levels.findIndex((l) => l.files.includes(path));
  if (named >= 0) return named;
  let found = -1;
  let longest = 0;
  levels.forEach((l, index) => {
    for (const f of l.files) if (f.endsWith('/') && path.startsWith(f) && f.length > longest) [found, longest] = [index, f.length];
  });
  return found;
}

/**
 * Why an import of `to` by `from` (both relative to the repository) breaks a floor, or null when it does not.
 * `typeOnly`: the import is `import type`/`export type`, which only the client's rule tells apart.
 */
export function importProblem(from, to, typeOnly) {
  if (under(from, client)) {
    if (!typeOnly && (to.startsWith('server/') || to.startsWith('db/'))) return `the client imports ${to}: only \`import type\` may reach server/ or db/`;
    return null;
  }
  const a = levelOf(from);
  if (a < 0) return null;
  if (under(to, client)) return `${from} imports the client's ${to}`;
  const b = levelOf(to);
  if (b < 0) return null;
  if (b > a) return `${from} (floor ${floorOf(from)}) imports ${to}, which is above it (floor ${floorOf(to)}): every import points down`;
  if (b === a && levels[a].apart && from !== to) return `${from} imports ${to}: router files stand apart; what they share goes in server/domain/`;
  return null;
}

/** A level's name in a message: its floor, and where it starts (two levels of one floor differ by the second). */
const floorOf = (path) => `${levels[levelOf(path)].floor}: ${levels[levelOf(path)].files[0]}`;

const extensions = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The repository path a relative specifier in `from` names, or null (a package, or nothing there). */
export function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(root, dirname(from), specifier);
  for (const extension of extensions) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split('\\').join('/');
  }
  return null;
}

/** `floors/import-down`: the rule above, on each import, export-from and import() as ESLint reads it. */
export const floorsPlugin = {
  rules: {
    'import-down': {
      meta: { type: 'problem', docs: { description: 'Every import points down a floor (docs/architecture.md)' }, schema: [] },
      create(context) {
        const from = relative(root, context.filename).split('\\').join('/');
        const check = (node, source, typeOnly) => {
          if (typeof source?.value !== 'string') return;
          const to = resolveImport(from, source.value);
          const problem = to && importProblem(from, to, typeOnly);
          if (problem) context.report({ node, message: problem });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type'),
          ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
          ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
          ImportExpression: (node) => check(node, node.source, false),
        };
      },
    },
  },
};
