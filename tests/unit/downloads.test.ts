// Files written a page at a time (server/downloads.ts) and what a text answer costs a tRPC batch (server/trpc.ts).
import { describe, expect, it } from 'vitest';
import { isDownload, jsonObject, pagesOf } from '../../server/downloads';
import { fieldsOf } from '../../server/trpc';

async function textOf(parts: AsyncIterable<string>) {
  let text = '';
  for await (const part of parts) text += part;
  return text;
}

async function* pagesFrom<T>(pages: T[][]) {
  for (const page of pages) yield page;
}

describe('a JSON object written member by member', () => {
  it('is the text JSON.stringify(object, null, 2) gives, pages, values read later and empty lists alike', async () => {
    const rows = [
      { id: 1, name: 'Lydia', notes: 'Line\n"two"', when: new Date(0), tags: ['a', { b: null }] },
      { id: 2, name: 'Aquila', notes: null },
      { id: 3 },
    ];
    const expected = { exportedAt: new Date(5), user: { id: 9, nested: { list: [1, 2] } }, rows, none: [], settings: { on: true }, devices: [] };
    const file = jsonObject({
      exportedAt: { value: expected.exportedAt },
      user: { read: async () => expected.user },
      rows: { pages: pagesFrom([rows.slice(0, 2), rows.slice(2)]) },
      none: { pages: pagesFrom<unknown>([]) },
      settings: { read: async () => expected.settings },
      devices: { value: [] },
    });
    expect(isDownload(file)).toBe(true);
    expect(await textOf(file.parts)).toBe(JSON.stringify(expected, null, 2));
  });

  it('gives a part for every page, so no part holds more than a page of rows', async () => {
    const pages = Array.from({ length: 5 }, (_, p) => Array.from({ length: 3 }, (_, i) => ({ id: p * 3 + i })));
    const parts: string[] = [];
    for await (const part of jsonObject({ rows: { pages: pagesFrom(pages) } }).parts) parts.push(part);
    // A part per page, the array's end, and the object's.
    expect(parts.length).toBe(7);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(100);
  });

  it('reads each paged member in parts of its own, even one without rows', async () => {
    const seen: string[] = [];
    // A member whose one read finds nothing.
    const read = (name: string): AsyncIterable<{ id: number }[]> => ({
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          seen.push(`read ${name}`);
          return { done: true, value: undefined };
        },
      }),
    });
    const file = jsonObject({ a: { pages: read('a') }, b: { pages: read('b') }, c: { pages: read('c') } });
    let text = '';
    for await (const part of file.parts) {
      seen.push('part');
      text += part;
    }
    // Each empty member's query (a walk of its whole part when nothing matches) runs in a turn of its own.
    expect(seen).toEqual(['read a', 'part', 'read b', 'part', 'read c', 'part', 'part']);
    expect(text).toBe(JSON.stringify({ a: [], b: [], c: [] }, null, 2));
  });
});

describe('reading a table a page at a time', () => {
  it('asks after the last key of each full page and stops after a short one', async () => {
    const asked: (number | undefined)[] = [];
    const table = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const pages: { id: number }[][] = [];
    for await (const page of pagesOf(
      async (after: number | undefined, size) => {
        asked.push(after);
        return table.filter((row) => row.id > (after ?? 0)).slice(0, size);
      },
      (row) => row.id,
      3,
    ))
      pages.push(page);
    expect(pages.map((page) => page.map((row) => row.id))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(asked).toEqual([undefined, 3, 6]);
  });
});

describe('what an answer costs the batch', () => {
  it('counts a text by its length (50 characters a field), so 1 MB of text spends the whole budget', () => {
    expect(fieldsOf('x'.repeat(1_000_000))).toBe(20_000);
    expect(fieldsOf('short')).toBe(1);
    expect(
      fieldsOf([
        { a: 1, b: 2 },
        { a: 3, b: 4 },
      ]),
    ).toBe(4);
    expect(fieldsOf({ items: [{ a: 1 }] })).toBe(1);
  });
});
