// The README's REST API table lists every route of the REST table (server/rest/routes.ts) with its procedure, and no
// route that the table does not serve: a path added to one and not the other fails here. Its table of entities is the
// entity manifest (shared/entities.ts), rendered: an entity added to one and not the other fails. `npm run
// readme:tables` writes both from the code (scripts/readme/tables.ts); these tests say when it was not run.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/routes';
import { documentedPath, ENTITY_HEADING, entityTable, missingRestRows, readmeRows, renderReadme, tableLine, tableSpan } from '../../scripts/readme/tables';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const rerun = 'run `npm run readme:tables`';

describe("the README's API table", () => {
  it('lists every route of the REST table with its procedure', () => {
    expect(missingRestRows(readme).map(tableLine), `rows missing from README.md: ${rerun}`).toEqual([]);
  });

  it('lists no procedure route that the REST table does not serve', () => {
    const unknown = readmeRows(readme)
      .filter((row) => row.procedure !== null)
      .filter(
        (row) =>
          !restRoutes.some((route) => row.methods.includes(route.method) && row.path === documentedPath(route.path) && row.procedure === route.procedure),
      )
      .map((row) => `${row.methods.join(',')} ${row.path} ${row.procedure}`);
    expect(unknown).toEqual([]);
  });
});

describe("the README's table of entities", () => {
  it('is the entity manifest (shared/entities.ts), row by row', () => {
    const lines = readme.split('\n');
    const span = tableSpan(lines, ENTITY_HEADING);
    expect(span, `a table under ${ENTITY_HEADING} in README.md`).toBeDefined();
    const written = lines.slice(span!.start + 2, span!.end).map((line) =>
      tableLine(
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      ),
    );
    // As lines, so a failure shows the row to add (or drop) as it is written, before Prettier aligns it.
    expect(written, `the table under ${ENTITY_HEADING} in README.md: ${rerun}`).toEqual(entityTable().map(tableLine));
  });

  it('is what `npm run readme:tables` writes, up to alignment: a new entity and its routes land in both tables', () => {
    const cells = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');
    expect(cells(renderReadme(readme))).toBe(cells(readme));
    // An entity the README does not have yet: the generator writes its row and its REST rows (from a README without them).
    const withoutTeams = readme
      .split('\n')
      .filter((line) => !line.startsWith('| `teams`') && !/^\| \w+ +\| `\/api\/teams(\/\{id\})?` +\| `teams\./.test(line))
      .join('\n');
    expect(withoutTeams).not.toBe(readme);
    const rendered = renderReadme(withoutTeams);
    expect(rendered).toContain('| `teams` | `/api/teams`, `/api/teams/{id}` | list, create, update, remove | by their members | `/settings/teams` |');
    expect(missingRestRows(rendered)).toEqual([]);
  });
});
