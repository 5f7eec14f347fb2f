// Text search conditions: a folded search term (shared/fold.ts) found in the folded keys stored beside the texts
// (server/queries/searchKeys.ts), and what matches a contact.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { contacts } from '../../db/schema';
import { foldText } from '../../shared/fold';
import { phoneDigits } from './searchKeys';

/** The key contains the term: instr() on two folded texts, so nothing in the term is a wildcard and case is already gone. */
export const keyContains = (key: SQLiteColumn | SQL, term: string | Placeholder): SQL => sql`instr(${key}, ${term}) > 0`;

/** The key starts with the term. */
export const keyStartsWith = (key: SQLiteColumn | SQL, term: string | Placeholder): SQL => sql`instr(${key}, ${term}) = 1`;

/** What a search for `text` looks for: its folded key; and its digits when it looks like part of a phone number. */
export function contactSearch(text: string): { term: string; digits?: string } {
  const term = foldText(text);
  const digits = phoneDigits(term);
  return { term, digits: /^\+?\d{3,}$/.test(digits) && digits !== term ? digits : undefined };
}

interface ContactSearch {
  term: string | Placeholder;
  digits?: string | Placeholder;
}

/**
 * A contact matches when its name, email, phone or notes contain the text, case, accents and Arabic letter forms
 * aside; text that looks like part of a phone number ('555 0101', '٥٥٥-٠١٠١') also matches however the stored number
 * is spaced, its key holding the number's digits alone too. Takes `contactSearch`'s terms (or placeholders for them,
 * in a prepared page).
 */
export function contactMatching({ term, digits }: ContactSearch): SQL {
  const any = keyContains(contacts.searchKey, term);
  return digits === undefined ? any : sql`(${any} or ${keyContains(contacts.searchKey, digits)})`;
}

/** `contactMatching` for a search text. */
export const contactMatches = (text: string) => contactMatching(contactSearch(text));
