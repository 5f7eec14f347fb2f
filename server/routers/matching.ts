// Text search conditions: "contains" as SQL LIKE with the user's % and _ taken literally, and what matches a contact.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { contacts } from '../../db/schema';

/** The text with LIKE's wildcards and the escape character itself escaped, for `like … escape '\'`. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** '%text%': the text anywhere. */
export const containsPattern = (text: string) => `%${literal(text)}%`;

/** 'text%': the text at the start. */
export const prefixPattern = (text: string) => `${literal(text)}%`;

/** Any of the columns contains the text, ignoring case of ASCII letters (SQLite's LIKE); null never matches. */
export function anyContains(columns: (SQLiteColumn | SQL)[], text: string): SQL {
  return anyLike(columns, containsPattern(text));
}

/** Any of the columns is like the pattern (made by containsPattern or prefixPattern, or a placeholder for one). */
function anyLike(columns: (SQLiteColumn | SQL)[], pattern: string | Placeholder): SQL {
  return sql`(${sql.join(
    columns.map((column) => sql`${column} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** A phone number without the spaces, dashes, dots and brackets people type in different ways. */
const phoneDigits = sql`replace(replace(replace(replace(replace(${contacts.phone}, ' ', ''), '-', ''), '.', ''), '(', ''), ')', '')`;

/** The patterns a contact search for `text` compares with: the text, and its digits when it looks like part of a number. */
export function contactSearch(text: string): { pattern: string; digitsPattern?: string } {
  const digits = text.replace(/[\s\-.()]/g, '');
  return { pattern: containsPattern(text), digitsPattern: /^\+?\d{3,}$/.test(digits) ? containsPattern(digits) : undefined };
}

interface ContactSearch {
  pattern: string | Placeholder;
  digitsPattern?: string | Placeholder;
}

/**
 * A contact matches when its name, email, phone or notes contain the text; text that looks like part of a phone
 * number ('555 0101', '555-0101') also matches however the stored number is spaced. Takes `contactSearch`'s
 * patterns (or placeholders for them, in a prepared page).
 */
export function contactMatching({ pattern, digitsPattern }: ContactSearch): SQL {
  const any = anyLike([contacts.name, contacts.email, contacts.phone, contacts.notes], pattern);
  return digitsPattern === undefined ? any : sql`(${any} or ${anyLike([phoneDigits], digitsPattern)})`;
}

/** `contactMatching` for a search text. */
export const contactMatches = (text: string) => contactMatching(contactSearch(text));
