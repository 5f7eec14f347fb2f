// The server's half of the entity manifest (shared/entities.ts): each entity's REST rows, made from the procedures it
// has, their summaries, and the example bodies the generated access tests send (tests/api/isolation, matrix).
import { entities, rowParamOf, standardProcedures, type EntityName, type ProceduresOf, type StandardProcedure } from '../../shared/entities';
import type { AppRouter } from '../routers';
import type { RestRoute } from './route';

/** What a standard procedure's row is when nothing is said: method, path under the entity's base, input, status. */
const standardRows: Record<StandardProcedure, { method: RestRoute['method']; id: boolean; input: RestRoute['input']; status?: number }> = {
  list: { method: 'GET', id: false, input: 'query' },
  byId: { method: 'GET', id: true, input: 'params' },
  create: { method: 'POST', id: false, input: 'body', status: 201 },
  update: { method: 'PUT', id: true, input: 'params+body' },
  remove: { method: 'DELETE', id: true, input: 'params' },
};

/** Valid bodies for an entity's writes: tests send them so that only access, never validation, can refuse the call. */
interface Examples {
  /** A new row; `contactId` is a contact of the same author, `teamId` (when given) the team it goes into. */
  create?: (refs: { contactId: number; teamId?: number }) => Record<string, unknown>;
  /** A change its update takes, of its own fields only (every update refuses a field it does not have). */
  update?: Record<string, unknown>;
}

interface EntityRest<Entity extends EntityName> {
  /** The row, as the summaries name it: 'a contact'. */
  one: string;
  /** The list's summary, whole. */
  list?: string;
  /** What a row says beyond the standard one (its summary, a paged list, an idempotency header…). */
  rows?: Partial<Record<ProceduresOf<Entity>, Partial<RestRoute>>>;
  /** Required for each write the entity has, so the generated tests never lack one. */
  examples: ('create' extends ProceduresOf<Entity> ? Required<Pick<Examples, 'create'>> : unknown) &
    ('update' extends ProceduresOf<Entity> ? Required<Pick<Examples, 'update'>> : unknown);
}

/** A create the offline outbox sends (decisions 006, 027): its Idempotency-Key header is the input's idempotencyKey. */
const keyedCreate: Partial<RestRoute> = { headerInputs: { 'idempotency-key': 'idempotencyKey' } };

/** A date a month ahead: inside the calendar feed's next 12 months. */
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

type AppCaller = ReturnType<AppRouter['createCaller']>;
/** The standard procedures an entity's router really has. */
type RouterHas<Entity extends EntityName> = Extract<keyof AppCaller[Entity], StandardProcedure>;
/**
 * The manifest and the routers agree, or `tsc` fails here: an entity lists exactly the standard procedures its
 * router has (a listed one missing, or one the router has and the manifest leaves out, is a type error).
 */
type Mismatch = {
  [Entity in EntityName]: [RouterHas<Entity>] extends [ProceduresOf<Entity>] ? ([ProceduresOf<Entity>] extends [RouterHas<Entity>] ? never : Entity) : Entity;
}[EntityName];
type RoutersAgree = [Mismatch] extends [never] ? unknown : { routerDisagreesWithManifest: Mismatch };

const rest: { [Entity in EntityName]: EntityRest<Entity> } & RoutersAgree = {
  contacts: {
    one: 'a contact',
    list: 'List contacts, filtered and sorted, a page at a time',
    rows: { list: { pagedList: true } },
    examples: {
      create: ({ teamId }) => ({ name: 'Team Contact', teamId }),
      update: { name: 'Hijacked', notes: 'changed by B' },
    },
  },
  activities: {
    one: 'an activity',
    list: 'List activities, filtered, newest first',
    // An offline outbox replays a create with the same key; the header is the usual place for it over HTTP.
    rows: { list: { pagedList: true }, create: { ...keyedCreate, summary: 'Log an activity, with its contact, follow-up and prayer request' } },
    examples: {
      create: ({ contactId, teamId }) => ({ type: 'conversation', contactId, teamId }),
      update: { type: 'other', notes: 'changed by B', date: '2030-01-01' },
    },
  },
  followUps: {
    one: 'a follow-up',
    list: 'List follow-ups, or one group of them',
    // PUT takes `scope` ('one' or 'series') in its body, DELETE in its query (?scope=series).
    rows: { list: { pagedList: true }, create: keyedCreate, remove: { input: 'params+query' } },
    examples: {
      create: ({ contactId, teamId }) => ({ contactId, date: inAMonth(), type: 'phone', description: 'Call', teamId }),
      update: { description: 'changed by B', completed: true, scope: 'series' },
    },
  },
  prayerRequests: {
    one: 'a prayer request',
    list: 'List prayer requests, or the active or answered ones',
    rows: { list: { pagedList: true }, create: keyedCreate },
    examples: {
      create: ({ contactId, teamId }) => ({ contactId, request: 'Peace', teamId }),
      update: { request: 'changed by B', answered: true },
    },
  },
  prayerLists: {
    one: 'a prayer list',
    rows: { list: { summary: 'List your prayer lists, with how many requests each holds', input: 'none' } },
    examples: { create: () => ({ name: 'Family', perDay: 2 }), update: { name: 'Renamed by B', perDay: 5 } },
  },
  goals: {
    one: 'a goal',
    list: 'List your goals with their progress',
    examples: {
      create: ({ teamId }) => ({ title: 'Goal', description: 'Share', type: 'conversation', targetCount: 5, deadline: '2031-01-01', teamId }),
      update: { title: 'changed by B', completed: true, currentCount: 99 },
    },
  },
  tags: {
    one: 'a tag',
    rows: { list: { summary: 'List your tags and your teams’ tags, with how many contacts carry each', input: 'none' } },
    examples: { create: ({ teamId }) => ({ name: 'Campus', teamId }), update: { name: 'Renamed by B', color: 'blue' } },
  },
  resources: {
    one: 'a resource',
    rows: {
      list: { summary: 'List the resource library’s articles', input: 'none' },
      byId: { summary: 'Read one resource library article' },
    },
    examples: {},
  },
  comments: {
    one: 'a comment',
    // Nested under its contact: what is said today (issue 51 §3). Each write takes an Idempotency-Key, so the offline outbox's
    // replay after a lost answer writes, changes or deletes once.
    rows: {
      list: { summary: 'List a team contact’s comments, newest first' },
      create: { ...keyedCreate, summary: 'Comment on a team contact, telling the teammates it mentions' },
      update: { ...keyedCreate, summary: 'Change your comment in its first 15 minutes' },
      remove: { ...keyedCreate, summary: 'Delete a comment (its author or an admin)' },
    },
    examples: { create: () => ({ body: 'A word' }), update: { body: 'Changed by B' } },
  },
  teams: {
    one: 'a team',
    rows: {
      list: { summary: 'List your teams', input: 'none' },
      create: { summary: 'Create a team, with you as its admin' },
      update: { summary: 'Rename a team' },
    },
    examples: { create: () => ({ name: 'Team' }), update: { name: 'Hijacked team' } },
  },
};

/** The summary a standard row has unless its entity says otherwise. */
function standardSummary(procedure: StandardProcedure, { one, list }: { one: string; list?: string }): string {
  if (procedure === 'list') return list ?? `List ${one}`;
  return { byId: 'Read', create: 'Create', update: 'Change', remove: 'Delete' }[procedure] + ` ${one}`;
}

/**
 * An entity's REST rows: one per procedure it has, in the standard order (list, byId, create, update, remove). A nested
 * entity's base names its parent's row, so each of its rows reads the path's parameters too (a list's query becomes them).
 */
export function entityRoutes(entity: EntityName): RestRoute[] {
  const manifest = rest[entity] as EntityRest<EntityName>;
  const base = `/api/${entities[entity].rest}`;
  const nested = base.includes('/:');
  const inputOf = (input: RestRoute['input']): RestRoute['input'] =>
    !nested ? input : input === 'query' || input === 'none' ? 'params' : input === 'body' ? 'params+body' : input;
  const rows = manifest.rows as Partial<Record<StandardProcedure, Partial<RestRoute>>> | undefined;
  return standardProcedures
    .filter((procedure) => (entities[entity].procedures as readonly StandardProcedure[]).includes(procedure))
    .map((procedure) => {
      const { method, id, input, status } = standardRows[procedure];
      return {
        method,
        path: id ? `${base}/:${rowParamOf(entity)}` : base,
        procedure: `${entity}.${procedure}` as RestRoute['procedure'],
        summary: standardSummary(procedure, manifest),
        input: inputOf(input),
        ...(status ? { status } : {}),
        ...rows?.[procedure],
      };
    });
}

/** The example bodies of an entity's writes (see Examples). */
export const entityExamples = (entity: EntityName): Examples => rest[entity].examples as Examples;
