// The client's folded match: what the quick search highlights and the contact suggestions compare.
import { describe, expect, it } from 'vitest';
import { foldedMatch, sameFolded } from '../../src/lib/foldedMatch';

const marked = (text: string, query: string) => {
  const match = foldedMatch(text, query);
  return match && text.slice(match.start, match.end);
};

describe('foldedMatch', () => {
  it.each([
    ['Ramón Pérez', 'ramon', 'Ramón'],
    ['Don Ramón', 'RAMÓN P', null],
    ['Lucía Fernández', 'ia fern', 'ía Fern'],
    ['Lucía   Fernández', 'lucia fernandez', 'Lucía   Fernández'],
    ['أحمد علي', 'احمد', 'أحمد'],
    ['مُحَمَّد', 'محمد', 'مُحَمَّد'],
    ['Straße 5', 'strasse', 'Straße'],
    ['Tel ٠٥٠١٢٣', '050', '٠٥٠'],
    // A decomposed accent (e + U+0301) stays with its letter.
    ['Jose\u0301 Luis', 'jose', 'Jose\u0301'],
    ['Nothing here', 'xyz', null],
    ['Anything', '   ', null],
  ])('%s / %s → %s', (text, query, expected) => {
    expect(marked(text, query)).toBe(expected);
  });
});

describe('sameFolded', () => {
  it('takes names that differ in case, accents, spaces and Arabic letter forms as the same', () => {
    expect(sameFolded('Lucia Fernandez', ' Lucía  Fernández ')).toBe(true);
    expect(sameFolded('احمد', 'أحمد')).toBe(true);
    expect(sameFolded('Lucia', 'Lucas')).toBe(false);
  });
});
