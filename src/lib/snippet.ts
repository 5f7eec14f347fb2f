// Cutting a long text down to the part around a search match, for one-line result rows.
import { foldedMatch } from './foldedMatch';

const LEAD = 30;
const MAX_LENGTH = 110;

/**
 * The text on one line, starting a little before the first match (with an ellipsis) when the match would otherwise
 * sit past the point where a one-line row gets cut; short texts and early matches come back whole.
 */
export function snippet(text: string, query: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = foldedMatch(flat, query)?.start ?? -1;
  if (flat.length <= MAX_LENGTH || at <= LEAD) return flat;
  return `…${flat.slice(at - LEAD)}`;
}
