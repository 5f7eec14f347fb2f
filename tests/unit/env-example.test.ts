// .env.example documents exactly the variables server/env.ts reads, each with its default where it has one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configurationNames, parseEnv } from '../../server/env';

const lines = readFileSync('.env.example', 'utf8').split('\n');
/** Each `NAME=value` line, commented out or not. */
const documented = new Map(lines.flatMap((line) => (/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line) ? [[RegExp.$1, RegExp.$2] as const] : [])));

describe('.env.example', () => {
  it('names every variable the configuration reads, and nothing else', () => {
    expect([...documented.keys()].sort()).toEqual([...configurationNames].sort());
  });

  it('shows each default as the configuration has it', () => {
    const defaults = parseEnv({}) as Record<string, unknown>;
    for (const [name, value] of documented) {
      if (value === '' || !(name in defaults) || defaults[name] === undefined) continue;
      const given = parseEnv({ [name]: value }) as Record<string, unknown>;
      expect(given[name], name).toEqual(defaults[name]);
    }
  });
});
