// Where a search term is in a text the way the server matches it (shared/fold.ts): case, accents and Arabic letter forms
// aside, so a highlight marks "Ramón" in the original text for "ramon".
import { foldText } from '../../shared/fold';

/**
 * The first match of `query` in `text`, folded, as a range of the original text (marks that follow a matched letter
 * included); null when there is none.
 */
export function foldedMatch(text: string, query: string): { start: number; end: number } | null {
  const term = foldText(query);
  if (!term) return null;
  // The text folded a character at a time, each folded character remembering where its source starts and ends.
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    const end = index + char.length;
    const part = /\s/u.test(char) ? (folded.endsWith(' ') || folded === '' ? '' : ' ') : foldText(char);
    if (part) {
      for (let i = 0; i < part.length; i++) {
        starts.push(index);
        ends.push(end);
      }
      folded += part;
    } else if (!/\s/u.test(char) && ends.length) {
      // A mark (an accent typed apart, a haraka, tatweel): part of the character before it.
      ends[ends.length - 1] = end;
    }
    index = end;
  }
  const at = folded.indexOf(term);
  if (at < 0) return null;
  return { start: starts[at], end: ends[at + term.length - 1] };
}

/** The same texts to a search: the same name however written ('Lucia Fernandez', 'Lucía Fernández'). */
export const sameFolded = (a: string, b: string) => foldText(a) === foldText(b);
