// The one module that reads tRPC's internals (decision 021): a procedure's input and output parsers, for the OpenAPI document.
import type { AnyProcedure } from '@trpc/server';
import { appRouter } from '../routers';

/**
 * A procedure of the app router by its dotted name, as the table names it. A built router carries its record's
 * procedures and nested routers as its own properties (tRPC's `BuiltRouter` type says so), so this walk is public.
 */
export function procedureAt(path: string): AnyProcedure {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], appRouter);
  if (typeof found !== 'function' || !('_def' in found)) throw new Error(`No procedure ${path}`);
  return found as AnyProcedure;
}

/**
 * What `.input()` and `.output()` were given. tRPC 11 keeps them on `procedure._def` (`inputs` is in its declarations,
 * `output` is not) and has no public getter for either; tests/api/answers.test.ts pins the version this was read
 * from and fails when an upgrade moves them.
 */
export function parsersOf(procedure: AnyProcedure): { inputs: unknown[]; output: unknown } {
  const def = procedure._def as AnyProcedure['_def'] & { output?: unknown };
  return { inputs: def.inputs, output: def.output };
}
