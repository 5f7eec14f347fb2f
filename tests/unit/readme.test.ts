// The README keeps its word: its two commands exactly, every feature with the tests that show it, and every test it names there.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const sectionOf = (heading: string) => {
  const start = readme.indexOf(`\n## ${heading}\n`);
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
};

describe('README.md', () => {
  it('has its two commands, exactly: one installs, builds and starts; one runs every test', () => {
    const [block] = /```bash\n([\s\S]*?)```/.exec(sectionOf('Two commands'))!.slice(1);
    expect(
      block
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('#')[0].trim()),
    ).toEqual(['npm run setup', 'npm test']);
  });

  it('groups the features under a few headings, and names for each one the tests that show it', () => {
    const features = sectionOf('What Sower offers beyond the spec');
    const headings = features.match(/^### .+$/gm) ?? [];
    expect(headings.length).toBeGreaterThanOrEqual(4);
    const items = features.split('\n').filter((line) => line.startsWith('- '));
    expect(items.length).toBeGreaterThanOrEqual(20);
    for (const item of items) expect(item, item.slice(0, 60)).toMatch(/Shown by `tests\/(api|e2e|unit)\/[\w-]+\.(test|spec)\.ts`/);
  });

  it('names only test files that exist', () => {
    const named = [...new Set([...readme.matchAll(/`(tests\/[\w/.-]+\.ts)`/g)].map((match) => match[1]))];
    expect(named.length).toBeGreaterThanOrEqual(40);
    expect(named.filter((file) => !existsSync(new URL(`../../${file}`, import.meta.url)))).toEqual([]);
  });
});
