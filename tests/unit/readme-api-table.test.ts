// The README's REST API table lists every route of the REST table (server/rest/routes.ts) with its procedure, and no
// route that the table does not serve: a path added to one and not the other fails here. Its table of entities is the
// entity manifest (shared/entities.ts) and the page registry, rendered: an entity added to one and not the other fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/routes';
import { entities, entityNames, standardProcedures } from '../../shared/entities';

interface ReadmeRow {
  methods: string[];
  path: string;
  procedure: string | null;
}

/** The rows of the table under '## REST API': methods, the path without its query hint, and the procedure it names. */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function readmeRows(): ReadmeRow[] {
  const section = readme.slice(readme.indexOf('## REST API'));
  return section
    .split('\n')
    .filter((line) => /^\|\s*(GET|POST|PUT|DELETE)/.test(line))
    .map((line) => {
      const [methods, path, procedure] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      return {
        methods: methods.split(',').map((method) => method.trim()),
        path: path.replace(/`/g, '').replace(/\?.*$/, ''),
        procedure: /^`([\w.]+)`/.exec(procedure)?.[1] ?? null,
      };
    });
}

const documentedPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe("the README's API table", () => {
  const rows = readmeRows();

  it('lists every route of the REST table with its procedure', () => {
    const missing = restRoutes
      .filter(
        (route) => !rows.some((row) => row.methods.includes(route.method) && row.path === documentedPath(route.path) && row.procedure === route.procedure),
      )
      .map((route) => `${route.method} ${documentedPath(route.path)} ${route.procedure}`);
    expect(missing).toEqual([]);
  });

  it('lists no procedure route that the REST table does not serve', () => {
    const unknown = rows
      .filter((row) => row.procedure !== null)
      .filter(
        (row) =>
          !restRoutes.some((route) => row.methods.includes(route.method) && row.path === documentedPath(route.path) && row.procedure === route.procedure),
      )
      .map((row) => `${row.methods.join(',')} ${row.path} ${row.procedure}`);
    expect(unknown).toEqual([]);
  });
});

/** The cells of the markdown table under `heading`, row by row, without the header and its rule. */
function tableUnder(heading: string): string[][] {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) return [];
  const lines = readme.slice(start + heading.length + 2).split('\n');
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  return table
    .slice(
      0,
      table.findIndex((line) => !line.startsWith('|')),
    )
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

const rowsHeld = { owned: 'by their author and team', library: 'by everyone; private ones by their author', team: 'by their members' };

/** The table of entities as the manifest says it: each entity, its paths, its procedures, whose rows, its screen. */
function entityTable(): string[][] {
  return entityNames.map((entity) => {
    const { rest, procedures, rows, page } = entities[entity];
    const listed = standardProcedures.filter((procedure) => (procedures as readonly string[]).includes(procedure));
    const byId = listed.some((procedure) => procedure !== 'list' && procedure !== 'create');
    return [
      `\`${entity}\``,
      [`\`/api/${rest}\``, ...(byId ? [`\`/api/${rest}/{id}\``] : [])].join(', '),
      listed.join(', '),
      rowsHeld[rows],
      page ? `\`${page}\`` : '–',
    ];
  });
}

describe("the README's table of entities", () => {
  it('is the entity manifest (shared/entities.ts), row by row', () => {
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    // As lines, so a failure shows the row to add (or drop) as it is written, before Prettier aligns it.
    expect(tableUnder('### Entities').map(line), 'the table under ### Entities in README.md').toEqual(entityTable().map(line));
  });
});
