// Ids read from the address and the keyset next-page rule (src/lib/ids.ts).
import { describe, expect, it } from 'vitest';
import { nextPageAfterLastId, parseId } from '../../src/lib/ids';

describe('parseId', () => {
  it('takes positive safe integers and nothing else', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const raw of [null, undefined, '', '0', '007', '-3', '1.5', 'abc', '12a', '99999999999999999999']) expect(parseId(raw), String(raw)).toBeNull();
  });
});

describe('nextPageAfterLastId', () => {
  it('continues after the last id of a full page and stops after a short one', () => {
    const next = nextPageAfterLastId(2);
    expect(next([{ id: 5 }, { id: 3 }])).toBe(3);
    expect(next([{ id: 5 }])).toBeUndefined();
    expect(next([])).toBeUndefined();
  });
});
