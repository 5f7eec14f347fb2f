// Declared answers (server/answers.ts): checked in the API tests, sent as the resolver built them; and the tRPC internals the OpenAPI document reads, pinned.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initTRPC, type AnyProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { answer, CHECK_ANSWERS_FLAG } from '../../server/answers';
import { parsersOf, procedureAt } from '../../server/rest/procedures';
import * as answers from '../../server/schemas/answers';
import { idInput } from '../../shared/schemas/common';
import { appRouter } from '../../server/routers';

const t = initTRPC.create();
const leaky = { success: true as const, passwordHash: 'x' };
const probe = t.router({
  leaks: t.procedure.output(answer(answers.done)).query(() => leaky),
  wrongType: t.procedure.output(answer(answers.removed)).query(() => ({ success: true as const, id: '7' as unknown as number })),
  // Keys in another order than the schema's.
  reordered: t.procedure.output(answer(answers.removed)).query(() => ({ id: 7, success: true as const })),
});
const caller = probe.createCaller({});

describe('declared answers in the API tests', () => {
  it('are checked: the api project sets the flag', () => {
    expect(process.env[CHECK_ANSWERS_FLAG]).toBe('1');
  });

  it('fail a procedure whose answer carries a key its schema does not name', async () => {
    await expect(caller.leaks()).rejects.toThrow('Output validation failed');
  });

  it('fail a procedure whose answer has a field of the wrong type', async () => {
    await expect(caller.wrongType()).rejects.toThrow('Output validation failed');
  });

  it('send the resolver’s own object, keys in its order', async () => {
    const sent = await caller.reordered();
    expect(JSON.stringify(sent)).toBe('{"id":7,"success":true}');
  });
});

describe('the tRPC internals the OpenAPI document reads (server/rest/procedures.ts, decision 021)', () => {
  it('come from @trpc/server 11.19.0: an upgrade must check them again', () => {
    const manifest = createRequire(import.meta.url).resolve('@trpc/server/package.json');
    expect(JSON.parse(readFileSync(manifest, 'utf8')).version).toBe('11.19.0');
  });

  it('give a procedure’s input schemas and what its .output() was given', () => {
    const { inputs, output } = parsersOf(procedureAt('contacts.byId'));
    expect(inputs).toEqual([idInput]);
    expect((output as { schema: unknown }).schema).toBe(answers.contact);
  });
});

/** Every procedure of a router by its dotted name: its record holds procedures and records of more. */
function procedures(record: object, prefix = ''): [string, AnyProcedure][] {
  return Object.entries(record).flatMap(([key, value]: [string, object]): [string, AnyProcedure][] =>
    '_def' in value && (value as AnyProcedure)._def.procedure ? [[prefix + key, value as AnyProcedure]] : procedures(value, `${prefix}${key}.`),
  );
}

describe('every procedure of the app router', () => {
  const all = procedures(appRouter._def.record);

  it('are all found by the walk', () => {
    expect(all.map(([path]) => path)).toEqual(expect.arrayContaining(['auth.me', 'auth.passwordReset.request', 'contacts.byId', 'teams.links.create']));
  });

  it('declares its answer with .output(), tRPC-only ones included', () => {
    expect(all.filter(([, procedure]) => !parsersOf(procedure).output).map(([path]) => path)).toEqual([]);
  });
});
