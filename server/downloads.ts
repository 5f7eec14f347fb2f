// Files written as they are read: an account's export comes out a page at a time, each page in an event-loop turn of its own.
import { TRPCError } from '@trpc/server';
import { msg } from '../shared/i18n';
import { addressKey, takeAttempt, type AttemptStore, type LimitRule, type Limits } from './security/rateLimit';

const DOWNLOAD = Symbol('download');

/**
 * A procedure's answer that is a file too large to build at once (an account's export grows with everything the
 * account holds: 14 MB of JSON for 10,000 follow-ups and 20,000 activities). The REST shim writes its parts as they
 * come, each in its own turn (rest/handler.ts); tRPC cannot carry one and refuses the call (server/http/app.ts). `File` is
 * the type of what the parts spell (a JSON object's), so the OpenAPI document is held to it like any answer.
 */
export interface Download<File = string, Part extends string | Uint8Array = string | Uint8Array> {
  readonly [DOWNLOAD]: true;
  /** Text, or bytes for a binary file (an encrypted export). */
  readonly parts: AsyncIterable<Part>;
  /** Never set: carries the file's type for the compiler. */
  readonly file?: File;
}

export function download<File = string, Part extends string | Uint8Array = string>(parts: AsyncIterable<Part>): Download<File, Part> {
  return { [DOWNLOAD]: true, parts };
}

export const isDownload = (value: unknown): value is Download<unknown> => typeof value === 'object' && value !== null && DOWNLOAD in value;

/**
 * Reads a table a page at a time along a keyset: `page(after)` answers the rows after the last one read (none given for
 * the first page), in the order `keyOf` names, at most `size` of them. Stops after a short page.
 */
export async function* pagesOf<Row, Key>(
  page: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

const indent = (text: string, spaces: number) => text.replace(/\n/g, `\n${' '.repeat(spaces)}`);

/** A member of a streamed JSON object: a value, a value read when its turn comes, or an array read a page at a time. */
export type JsonMember<T> = { value: T } | { read: () => Promise<T> } | { pages: AsyncIterable<T[]> };

type MemberValue<M> = M extends { pages: AsyncIterable<(infer Row)[]> }
  ? Row[]
  : M extends { read: () => Promise<infer T> }
    ? T
    : M extends { value: infer T }
      ? T
      : never;

/** The JSON a streamed object's members spell. */
type JsonOf<Members> = { [K in keyof Members]: MemberValue<Members[K]> };

/**
 * One JSON object, written member by member (in the order of `members`' keys) and an array's rows page by page: the
 * same text as `JSON.stringify(object, null, 2)`, without ever holding the whole object (or its text) at once.
 */
export function jsonObject<Members extends Record<string, JsonMember<unknown>>>(members: Members): Download<JsonOf<Members>, string> {
  return download(jsonParts(Object.entries(members)));
}

async function* jsonParts(members: [string, JsonMember<unknown>][]): AsyncGenerator<string> {
  let text = '{';
  for (const [index, [key, member]] of members.entries()) {
    text += `${index ? ',' : ''}\n  ${JSON.stringify(key)}: `;
    if (!('pages' in member)) {
      text += indent(JSON.stringify('value' in member ? member.value : await member.read(), null, 2), 2);
      continue;
    }
    let first = true;
    for await (const rows of member.pages) {
      for (const row of rows) {
        text += `${first ? '[' : ','}\n    ${indent(JSON.stringify(row, null, 2), 4)}`;
        first = false;
      }
      yield text;
      text = '';
    }
    text += first ? '[]' : '\n  ]';
    // The member's end in a part of its own: the next member's first page is read in a turn of its own too. A member
    // without rows reads its query once, walking its part's whole index (an export's status changes, milestones and
    // dates of 20,000 contacts that have none: 7-9 ms each), so three of them in one turn held it 21-27 ms.
    yield text;
    text = '';
  }
  yield `${text}\n}`;
}

export const TOO_MANY_DOWNLOADS = msg('Too many downloads. Please try again later.');
export const TOO_MANY_IMPORTS = msg('Too many imports. Please try again later.');

type Limited = { attempts: AttemptStore; limits: Limits; clientIp: string; setHeader(name: string, value: string): void };

/**
 * Counts one request on each key before anything is read, and refuses past any limit with 429, Retry-After and
 * `message`: unlike a failed password, a request that is answered keeps its count, so these are rates.
 */
export async function countRequest(ctx: Limited, checks: { key: string; rule: LimitRule }[], message: string) {
  try {
    await takeAttempt(ctx.attempts, checks, ctx.setHeader);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
    throw error;
  }
}

/** One export (JSON, CSV or vCard) for the account and the client's address: it costs the account's size in work. */
export function countDownload(ctx: Limited, userId: number) {
  return countRequest(
    ctx,
    [
      { key: `download:user:${userId}`, rule: ctx.limits.downloadPerUser },
      { key: `download:ip:${addressKey(ctx.clientIp)}`, rule: ctx.limits.downloadPerAddress },
    ],
    TOO_MANY_DOWNLOADS,
  );
}

/** One import of a Sower export for the account and the client's address: a passphrase guess costs a second of scrypt. */
export function countImport(ctx: Limited, userId: number) {
  return countRequest(
    ctx,
    [
      { key: `import:user:${userId}`, rule: ctx.limits.importPerUser },
      { key: `import:ip:${addressKey(ctx.clientIp)}`, rule: ctx.limits.importPerAddress },
    ],
    TOO_MANY_IMPORTS,
  );
}
