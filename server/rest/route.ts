// What a row of the REST table is (routes.ts holds the rows): the procedure it names, where its input comes from, how it answers.
import type { AppRouter } from '../routers';

/** The app router as a server-side caller sees it (tRPC's public `createCaller`): procedures are functions, nested routers objects. */
type AppCaller = ReturnType<AppRouter['createCaller']>;

/** The dotted names of the procedures on a caller, where a nested router is a nested object ('teams.members.add'). */
type ProcedurePaths<Node, Prefix extends string = ''> = {
  [Key in keyof Node & string]: Node[Key] extends (...args: never[]) => unknown
    ? `${Prefix}${Key}`
    : Node[Key] extends object
      ? ProcedurePaths<Node[Key], `${Prefix}${Key}.`>
      : never;
}[keyof Node & string];

/** A procedure of AppRouter by its dotted name: a table row naming anything else fails `tsc`. */
export type ProcedurePath = ProcedurePaths<AppCaller>;

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where the procedure's input comes from: nothing, the JSON body, path params, the query string, or params over body or query. */
export type InputSource = 'none' | 'body' | 'params' | 'query' | 'params+body' | 'params+query';

export interface RestRoute {
  method: RestMethod;
  /** `:id` and `:…Id` parameters match digits only, so no two rows match one path and their order does not matter. */
  path: string;
  procedure: ProcedurePath;
  /** One line for a reader of the OpenAPI document: what the call does, in the caller's words. */
  summary: string;
  input: InputSource;
  /** Success status; 200 unless given. */
  status?: number;
  /** Only public routes are served without a signed-in user (handler.ts refuses the rest with 401 before reading anything). */
  public?: boolean;
  /** The procedure answers a string, sent as this text instead of JSON (for a JSON content type, an object, as a file). */
  download?: TextAnswer;
  /** Request headers (lower-case name) that supply an input field the JSON body leaves out. */
  headerInputs?: Record<string, string>;
  /**
   * A body that is not JSON is a file, handed to the procedure as it arrives (ctx.upload, at most
   * EXPORT_UPLOAD_MAX_BYTES); `fields` names the headers (lower-case) whose percent-encoded values give its other input.
   */
  upload?: { fields: Record<string, string> };
  /** A keyset-paged list: without `limit` the whole list is read and sent a page at a time (handler.ts). */
  pagedList?: boolean;
}

export interface TextAnswer {
  /** Content-Type of the text, with its charset. */
  contentType: string;
  /** The procedure answers a Download (server/downloads.ts), written as it is read: served here only, never over tRPC. */
  streamed?: true;
  /** Sent as an attachment under this name (built from the path params); without it the text is shown inline. */
  filename?: (params: Record<string, string>) => string;
}
