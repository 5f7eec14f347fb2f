// The entity manifest both sides read: each entity's router name, its REST base path, which of the five standard
// procedures it has, who holds its rows, and the screen that lists it. The REST rows (server/rest/entities.ts), the page
// registry (src/pages/registry.ts), the README's table of entities and the access tests all follow from it.

/** The standard procedures an entity's router may have, in the order its REST rows come. */
export const standardProcedures = ['list', 'byId', 'create', 'update', 'remove'] as const;
export type StandardProcedure = (typeof standardProcedures)[number];

/**
 * Who holds an entity's rows: `owned` rows carry `ownership()` (created_by, team_id) and server/access.ts decides who
 * reads and changes them, so the generated tests check them across users and across teams; `library` rows are read by
 * all, a user's private ones by their author only; `team` rows are the teams themselves, held through membership;
 * `personal` rows carry `ownership()` too but are their author's alone, never a team's (prayer lists): no teammate reads
 * or changes one, so the tests check them across users only.
 */
export type EntityRows = 'owned' | 'personal' | 'library' | 'team';

export interface EntityManifest {
  /**
   * The path under /api: `/api/<rest>` and `/api/<rest>/:id`. A nested entity's path names its parent's row (`:id`),
   * and its own rows take `rowParam`: `/api/contacts/:id/comments/:commentId`.
   */
  rest: string;
  /** A nested entity: the entity whose row `:id` in `rest` names (every row of it belongs to one row of the parent). */
  parent?: string;
  /** A nested entity's row parameter (`:id` otherwise). */
  rowParam?: string;
  /** Which standard procedures the router has: exactly these, the compiler checks (server/rest/entities.ts). */
  procedures: readonly StandardProcedure[];
  rows: EntityRows;
  /** The screen that lists it (src/pages/registry.ts), if any. */
  page?: string;
}

const all = standardProcedures;

/** Every entity, keyed by its router's name under appRouter. */
export const entities = {
  contacts: { rest: 'contacts', procedures: all, rows: 'owned', page: '/contacts' },
  activities: { rest: 'activities', procedures: all, rows: 'owned', page: '/activities' },
  followUps: { rest: 'followups', procedures: all, rows: 'owned', page: '/followups' },
  prayerRequests: { rest: 'prayer-requests', procedures: all, rows: 'owned', page: '/prayer-journal' },
  prayerLists: { rest: 'prayer-lists', procedures: ['list', 'create', 'update', 'remove'], rows: 'personal', page: '/prayer-journal' },
  goals: { rest: 'goals', procedures: all, rows: 'owned', page: '/goals' },
  resources: { rest: 'resources', procedures: ['list', 'byId'], rows: 'library', page: '/resources' },
  tags: { rest: 'tags', procedures: ['list', 'create', 'update', 'remove'], rows: 'owned', page: '/settings' },
  teams: { rest: 'teams', procedures: ['list', 'create', 'update', 'remove'], rows: 'team', page: '/settings/teams' },
  // A team contact's comments (issue 51 §3): nested under their contact, shown on its page; only a team contact has them.
  // The offline outbox keeps their writes (src/lib/outbox.ts).
  comments: {
    rest: 'contacts/:id/comments',
    parent: 'contacts',
    rowParam: 'commentId',
    procedures: ['list', 'create', 'update', 'remove'],
    rows: 'owned',
    page: '/contacts/:id',
  },
} as const satisfies Record<string, EntityManifest>;

export type EntityName = keyof typeof entities;
export type ProceduresOf<Entity extends EntityName> = (typeof entities)[Entity]['procedures'][number];

export const entityNames = Object.keys(entities) as EntityName[];

/** A nested entity's parent (its path's `:id`), or undefined (for any other name too: a router that is no entity). */
export const parentOf = (entity: string): EntityName | undefined =>
  (entities as Record<string, EntityManifest | undefined>)[entity]?.parent as EntityName | undefined;

/** The parameter that names one row of an entity: `id`, or a nested entity's own (`commentId`). */
export const rowParamOf = (entity: EntityName): string => (entities[entity] as EntityManifest).rowParam ?? 'id';

/**
 * An entity's list path, `/api/contacts`, with a nested entity's parent row filled in (`/api/contacts/7/comments`);
 * with `row`, the path of that row (`/api/contacts/7`, `/api/contacts/7/comments/3`).
 */
export function entityPath(entity: EntityName, { parentId, row }: { parentId?: number; row?: number } = {}): string {
  const base = `/api/${entities[entity].rest}`.replace(':id', String(parentId ?? ':id'));
  return row === undefined ? base : `${base}/${row}`;
}

/** Whether an entity's router has a standard procedure. */
export const hasProcedure = (entity: EntityName, procedure: StandardProcedure): boolean =>
  (entities[entity].procedures as readonly StandardProcedure[]).includes(procedure);
