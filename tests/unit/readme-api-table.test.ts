// The README's REST API table lists every route of the REST table (server/rest/routes.ts) with its procedure, and no
// route that the table does not serve: a path added to one and not the other fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/routes';

interface ReadmeRow {
  methods: string[];
  path: string;
  procedure: string | null;
}

/** The rows of the table under '## REST API': methods, the path without its query hint, and the procedure it names. */
function readmeRows(): ReadmeRow[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
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
