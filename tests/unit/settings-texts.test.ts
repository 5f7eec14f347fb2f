import { describe, expect, it } from 'vitest';
import { importResultDescription } from '../../src/lib/messages';
import { snippet } from '../../src/lib/snippet';

describe('importResultDescription', () => {
  it('says only what was created when nothing was skipped or left out', () => {
    expect(importResultDescription({ created: 3, skipped: 0, problems: 0 })).toBe('3 contacts created.');
  });

  it('counts each kind in the singular or plural', () => {
    expect(importResultDescription({ created: 1, skipped: 1, problems: 1 })).toBe('1 contact created. 1 duplicate skipped. 1 row with problems left out.');
    expect(importResultDescription({ created: 0, skipped: 2, problems: 3 })).toBe('0 contacts created. 2 duplicates skipped. 3 rows with problems left out.');
  });
});

describe('snippet', () => {
  const long = `${'Before the match there is a long stretch of words. '.repeat(3)}Then the river appears, and more text follows after it.`;

  it('keeps a short text whole, on one line', () => {
    expect(snippet('Met by the\n river  today', 'river')).toBe('Met by the river today');
  });

  it('keeps a long text whole when the match is near its start', () => {
    expect(snippet(`The river ${long}`, 'river')).toBe(`The river ${long}`);
  });

  it('starts a long text a little before a late match, ignoring case', () => {
    const cut = snippet(long, 'RIVER');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.indexOf('river')).toBe(31);
    expect(cut.endsWith('more text follows after it.')).toBe(true);
  });

  it('leaves a long text without the match as it is', () => {
    expect(snippet(long, 'mountain')).toBe(long);
  });
});
