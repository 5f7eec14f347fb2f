// The username and email rules, shared by the server's schemas and the sign-in page's registration form. Written
// with zod/mini, which that page's bundle can carry (a few kB gzipped, where zod's full API is about 20 kB); the
// server's zod schemas embed them as they are.
import * as zm from 'zod/mini';
import { msg } from '../i18n';
import { LIMITS } from './limits';

/**
 * Scripts a username's letters may come from. Letters of one script only, so Cyrillic 'а' beside Latin 'lice' cannot
 * pass for 'alice'; Japanese and Korean mix their own scripts with Han as they are written.
 */
const scripts = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Han',
  'Bopomofo',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const mixesAllowed = [new Set(['Han', 'Hiragana', 'Katakana']), new Set(['Han', 'Hangul']), new Set(['Han', 'Bopomofo'])];

/**
 * Whether the letters of a text, and its marks that belong to a script (a Khmer vowel, a Khitan filler; not the accents
 * every script shares), come from one script.
 */
export function isSingleScript(text: string) {
  const used = new Set<string>();
  for (const char of text) {
    if (!/[\p{L}\p{M}]/u.test(char) || /\p{Script=Inherited}/u.test(char)) continue;
    used.add(scripts.find((script) => script.pattern.test(char))?.name ?? 'other');
  }
  return used.size <= 1 || mixesAllowed.some((allowed) => [...used].every((name) => allowed.has(name)));
}

/**
 * Characters a username may not hold although nothing of them shows: Unicode's default-ignorable code points
 * (zero-width spaces and joiners, variation selectors, the combining grapheme joiner, Hangul fillers, tags, bidi
 * controls) and every other format character (Cf). 'victim' followed by one of them would show as 'victim' in a
 * member list or an invitation.
 */
const invisible = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;

export const usernameSchema = zm.pipe(
  zm.pipe(
    zm.string({ error: msg('Username must be at least 3 characters') }).check(zm.trim()),
    zm.transform((value: string) => value.normalize('NFKC')),
  ),
  zm.string().check(
    // First, and alone: the rules below would call an invisible character a wrong letter.
    zm.refine((value: string) => !invisible.test(value), { error: msg('Username cannot contain invisible or formatting characters'), abort: true }),
    zm.minLength(3, msg('Username must be at least 3 characters')),
    zm.maxLength(50, msg('Username must be at most 50 characters')),
    zm.regex(/^[\p{L}\p{M}\p{N}._-]+$/u, msg('Username may only contain letters, numbers, dots, dashes and underscores')),
    zm.refine(isSingleScript, msg('Username must use the letters of one alphabet')),
  ),
);

/** An address: one left empty (or not sent) is missing, which says more than that it is invalid. */
export const emailSchema = zm.pipe(
  zm
    .string({ error: (issue) => (issue.input === undefined ? msg('Email is required') : msg('Please enter a valid email address')) })
    .check(zm.trim(), zm.minLength(1, msg('Email is required')), zm.maxLength(LIMITS.email, msg('Please enter a valid email address'))),
  zm.email(msg('Please enter a valid email address')),
);
