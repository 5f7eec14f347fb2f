// src/index.css leaves out the daisyUI components the app does not use (`exclude:`): Tailwind emits a component's rules
// whenever its name appears as a word anywhere it scans ("range", "filter", "stack" in code), so the stylesheet every
// first screen waits for carried rules nothing used. This guards the list: a class of a left-out component written in
// src/ would silently have no style, so it fails here instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const componentsDir = 'node_modules/daisyui/components';
const classesOf = (component: string) =>
  new Set([...readFileSync(join(componentsDir, `${component}.css`), 'utf8').matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]));

/** Every word inside a string or template literal of the client: where class names are written. */
function clientWords() {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => /\.(tsx?|html)$/.test(file));
  const words = new Set<string>();
  for (const file of files) {
    for (const literal of readFileSync(join('src', file), 'utf8').matchAll(/(['"`])((?:(?!\1)[^\n\\])*)\1/g)) {
      // Variants ("md:", "rtl:open:") stripped: "md:btn-sm" uses btn-sm.
      for (const word of literal[2].split(/[\s${}]+/)) words.add(word.replace(/^(?:[\w[\]-]+:)+/, ''));
    }
  }
  return words;
}

describe('the daisyUI components left out of the stylesheet', () => {
  const css = readFileSync('src/index.css', 'utf8');
  const excluded =
    /@plugin "daisyui" \{[^}]*?exclude:([^;]*);/
      .exec(css)?.[1]
      .split(',')
      .map((name) => name.trim()) ?? [];
  const components = readdirSync(componentsDir)
    .filter((f) => f.endsWith('.css'))
    .map((f) => f.slice(0, -4));
  const kept = components.filter((name) => !excluded.includes(name));
  const keptClasses = new Set(kept.flatMap((name) => [...classesOf(name)]));
  const words = clientWords();

  it('are daisyUI components, and the app’s own components stay', () => {
    expect(excluded.length).toBeGreaterThan(20);
    expect(excluded.filter((name) => !components.includes(name))).toEqual([]);
    // The scan sees the classes the app does use (so the check below can fail).
    for (const used of ['btn-primary', 'modal-box', 'menu', 'badge-soft', 'loading-spinner', 'tabs-box']) expect(words.has(used)).toBe(true);
    expect(kept).toEqual(expect.arrayContaining(['button', 'modal', 'menu', 'badge', 'loading', 'tab', 'card', 'input', 'select']));
  });

  it('have no class written anywhere in the client', () => {
    const used = excluded.flatMap((name) => [...classesOf(name)].filter((c) => !keptClasses.has(c) && words.has(c)).map((c) => `${name}: ${c}`));
    expect(used).toEqual([]);
  });
});
