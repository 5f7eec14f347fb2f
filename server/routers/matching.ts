// Text search conditions: "contains" as SQL LIKE with the user's % and _ taken literally, and what matches a contact.
import { sql, type SQL } from 'drizzle-orm';
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
  const pattern = containsPattern(text);
  return sql`(${sql.join(
    columns.map((column) => sql`${column} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** A phone number without the spaces, dashes, dots and brackets people type in different ways. */
const phoneDigits = sql`replace(replace(replace(replace(replace(${contacts.phone}, ' ', ''), '-', ''), '.', ''), '(', ''), ')', '')`;

/**
 * A contact matches when its name, email, phone or notes contain the text; text that looks like part of a phone
 * number ('555 0101', '555-0101') also matches however the stored number is spaced.
 */
export function contactMatches(text: string): SQL {
  const digits = text.replace(/[\s\-.()]/g, '');
  const phoneLike = /^\+?\d{3,}$/.test(digits);
  const columns = [contacts.name, contacts.email, contacts.phone, contacts.notes];
  return phoneLike ? sql`(${anyContains(columns, text)} or ${anyContains([phoneDigits], digits)})` : anyContains(columns, text);
}
