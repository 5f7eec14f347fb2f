// The page registry (src/pages/registry.tsx) against what reads it from elsewhere: every entity's screen is a page of
// it, and the server's first screen preloads each page's own code.
import { describe, expect, it } from 'vitest';
import { pageSources } from '../../server/http/firstScreen';
import { entities, entityNames } from '../../shared/entities';
import { pages, pathPattern } from '../../src/pages/registry';

/** The module a page's `load` imports, read from its code ('./ActivitiesPage', as vitest writes it '/src/pages/ActivitiesPage.tsx'). */
const sourceOf = (load: () => unknown) => `src/pages/${/\/(\w+)(?:\.tsx)?["']\)$/.exec(String(load))?.[1]}.tsx`;

describe('the page registry', () => {
  it("holds every entity's screen", () => {
    const paths = Object.values(pages).map((page) => page.path);
    for (const entity of entityNames) if (entities[entity].page) expect(paths, entity).toContain(entities[entity].page);
  });

  it("gives the server's first screen each signed-in page's code, and /login's", () => {
    for (const [key, page] of Object.entries(pages)) {
      if ('guest' in page && key !== 'login') continue;
      const sample = page.path.replace(/:\w+/g, '7');
      expect(pathPattern(page.path).test(sample), key).toBe(true);
      const sources = pageSources.filter(([pattern]) => pattern.test(sample)).map(([, source]) => source);
      expect(sources, `${key}: add [${pathPattern(page.path)}, '${sourceOf(page.load)}'] to pageSources in server/http/firstScreen.ts`).toEqual([
        sourceOf(page.load),
      ]);
    }
  });
});
