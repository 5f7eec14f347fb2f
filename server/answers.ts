// How a procedure declares its answer, `.output(answer(answers.contact))`: one schema for tRPC's type, the tests' check and the OpenAPI document.
import type { z } from 'zod';
import { isDownload, type Download } from './downloads';

/**
 * Whether answers are checked against their schema when a procedure returns. The API tests set it (vitest.config.ts),
 * so every answer they receive is held to its shape; a server does not pay the check on every request. Read at each
 * answer, so a test that times the server (tests/api/exhaustion.test.ts) can measure it without the check.
 */
export const CHECK_ANSWERS_FLAG = 'SOWER_CHECK_ANSWERS';
const checking = () => process.env[CHECK_ANSWERS_FLAG] === '1';

/**
 * A procedure's output parser. tRPC calls `assert` (a parser of that shape) and sends the resolver's own value, so the
 * JSON is byte for byte what the resolver built: zod's parse would send a copy with the keys in the schema's order.
 */
export interface Answer<Schema extends z.ZodType, Value = z.output<Schema>> {
  readonly schema: Schema;
  assert(value: unknown): asserts value is Value;
}

export function answer<Schema extends z.ZodType>(schema: Schema, check = checking): Answer<Schema> {
  return {
    schema,
    assert(value: unknown): asserts value is z.output<Schema> {
      if (check()) schema.parse(value);
    },
  };
}

/**
 * A file written as it is read (server/downloads.ts) whose parts spell `schema`'s JSON: the parts are not read
 * here, so the check is only that it is a download; the API tests hold the file itself to the document (tests/api/contract.ts).
 */
export function fileAnswer<Schema extends z.ZodType>(schema: Schema, check = checking): Answer<Schema, Download<z.output<Schema>>> {
  return {
    schema,
    assert(value: unknown): asserts value is Download<z.output<Schema>> {
      if (check() && !isDownload(value)) throw new Error('A download was expected');
    },
  };
}

/**
 * A file that is not JSON (a calendar, a CSV or vCard file, an encrypted export): its text, or its parts written as
 * they are read. It has no schema to declare: the OpenAPI document names the route's media type (server/rest/routes.ts).
 */
export function plainFileAnswer(check = checking): { assert(value: unknown): asserts value is string | Download } {
  return {
    assert(value: unknown): asserts value is string | Download {
      if (check() && typeof value !== 'string' && !isDownload(value)) throw new Error('A file was expected');
    },
  };
}
