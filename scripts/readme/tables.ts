// The README's tables that follow from code: the table of entities (the entity manifest, shared/entities.ts) and the
// REST API rows of routes the README does not list yet (the REST table, server/rest/routes.ts). Written by
// `npm run readme:tables` (scripts/readme-tables.ts) and checked by tests/unit/readme-api-table.test.ts.
import { restRoutes } from '../../server/rest/routes';
import type { RestRoute } from '../../server/rest/route';
import { entities, entityNames, rowParamOf, standardProcedures } from '../../shared/entities';

const rowsHeld = {
  owned: 'by their author and team',
  personal: 'by their author only',
  library: 'by everyone; private ones by their author',
  team: 'by their members',
};

export const ENTITY_HEADING = '### Entities';
export const REST_HEADING = '## REST API';

/** The table of entities as the manifest says it: each entity, its paths, its procedures, whose rows, its screen. */
export function entityTable(): string[][] {
  return entityNames.map((entity) => {
    const { rest, procedures, rows, page } = entities[entity];
    const listed = standardProcedures.filter((procedure) => (procedures as readonly string[]).includes(procedure));
    const byId = listed.some((procedure) => procedure !== 'list' && procedure !== 'create');
    return [
      `\`${entity}\``,
      // A nested entity's paths name its parent's row: `/api/contacts/{id}/comments/{commentId}`.
      [`\`${documentedPath(`/api/${rest}`)}\``, ...(byId ? [`\`${documentedPath(`/api/${rest}/:${rowParamOf(entity)}`)}\``] : [])].join(', '),
      listed.join(', '),
      rowsHeld[rows],
      page ? `\`${page}\`` : '–',
    ];
  });
}

export const tableLine = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** `/api/notes/:id` as the README writes it: `/api/notes/{id}`. */
export const documentedPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export interface ReadmeRow {
  methods: string[];
  path: string;
  procedure: string | null;
}

/** The rows of the table under '## REST API': methods, the path without its query hint, and the procedure it names. */
export function readmeRows(readme: string): ReadmeRow[] {
  return readme
    .slice(readme.indexOf(`\n${REST_HEADING}\n`))
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

const listedIn = (rows: ReadmeRow[], route: RestRoute) =>
  rows.some((row) => row.methods.includes(route.method) && row.path === documentedPath(route.path) && row.procedure === route.procedure);

/** The REST table's routes that no README row lists, as the rows to add. */
export function missingRestRows(readme: string): string[][] {
  const rows = readmeRows(readme);
  return restRoutes
    .filter((route) => !listedIn(rows, route))
    .map((route) => [route.method, `\`${documentedPath(route.path)}\``, `\`${route.procedure}\``, String(route.status ?? 200)]);
}

/** The lines of the markdown table under `heading`: where it starts and ends (the header and its rule included). */
export function tableSpan(lines: string[], heading: string) {
  const at = lines.indexOf(heading);
  if (at < 0) return undefined;
  const start = lines.findIndex((line, index) => index > at && line.startsWith('|'));
  const length = lines.slice(start).findIndex((line) => !line.startsWith('|'));
  return { start, end: start + (length < 0 ? lines.length - start : length) };
}

/** The README with its table of entities rendered from the manifest and a row added for each unlisted REST route. */
export function renderReadme(readme: string) {
  const lines = readme.split('\n');
  const rest = tableSpan(lines, REST_HEADING);
  if (rest) lines.splice(rest.end, 0, ...missingRestRows(readme).map(tableLine));
  const entity = tableSpan(lines, ENTITY_HEADING);
  if (entity) lines.splice(entity.start + 2, entity.end - entity.start - 2, ...entityTable().map(tableLine));
  return lines.join('\n');
}
