// The single executable's bundle loads libSQL's binding through its own loader (scripts/sea-plugin.mjs), by replacing
// one line of libsql/index.js. The installed libsql still has that line, and a libsql whose loading changed stops the
// packaging with a sentence rather than bundling a require that fails at run time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { patchLibsqlLoader } from '../../scripts/sea-plugin.mjs';

const libsqlIndex = createRequire(import.meta.url).resolve('libsql');

describe("the executable's libSQL loader", () => {
  it("replaces the installed libsql's require of its binding", () => {
    const patched = patchLibsqlLoader(readFileSync(libsqlIndex, 'utf8'));
    expect(patched).toContain("return globalThis.__sowerNative('libsql');");
    expect(patched).not.toMatch(/require\(`@libsql\/\$\{target\}`\)/);
  });

  it('stops the packaging when an upgrade changed how libsql loads its binding', () => {
    const upgraded = readFileSync(libsqlIndex, 'utf8').replace('return require(`@libsql/${target}`);', 'return load(target);');
    expect(() => patchLibsqlLoader(upgraded)).toThrow(/^libsql\/index\.js no longer loads its binding with return require/);
  });
});
