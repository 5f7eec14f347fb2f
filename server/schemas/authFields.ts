// The username and email rules, shared by the server's schemas and the sign-in page's registration form. Written
// with zod/mini, which that page's bundle can carry (a few kB gzipped, where zod's full API is about 20 kB); the
// server's zod schemas embed them as they are.
import * as zm from 'zod/mini';
import { msg } from '../../shared/i18n';
import { LIMITS } from './limits';

/**
 * Scripts a username's letters may come from. Letters of one script only, so Cyrillic 'а' beside Latin 'lice' cannot
 * pass for 'alice'; Japanese and Korean mix their own scripts with Han as they are written.
 */
const scripts = [
  'Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Devanagari', 'Bengali',
  'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan',
  'Myanmar', 'Khmer', 'Ethiopic', 'Hangul', 'Hiragana', 'Katakana', 'Han', 'Bopomofo',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const mixesAllowed = [new Set(['Han', 'Hiragana', 'Katakana']), new Set(['Han', 'Hangul']), new Set(['Han', 'Bopomofo'])];

export function isSingleScript(text: string) {
  const used = new Set<string>();
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    used.add(scripts.find((script) => script.pattern.test(char))?.name ?? 'other');
  }
  return used.size <= 1 || mixesAllowed.some((allowed) => [...used].every((name) => allowed.has(name)));
}

export const usernameSchema = zm.pipe(
  zm.pipe(zm.string({ error: msg('Username must be at least 3 characters') }).check(zm.trim()), zm.transform((value: string) => value.normalize('NFKC'))),
  zm.string().check(
    zm.minLength(3, msg('Username must be at least 3 characters')),
    zm.maxLength(50, msg('Username must be at most 50 characters')),
    zm.regex(/^[\p{L}\p{M}\p{N}._-]+$/u, msg('Username may only contain letters, numbers, dots, dashes and underscores')),
    zm.refine(isSingleScript, msg('Username must use the letters of one alphabet')),
  ),
);

export const emailSchema = zm.pipe(
  zm.string({ error: msg('Please enter a valid email address') }).check(zm.trim(), zm.maxLength(LIMITS.email, msg('Please enter a valid email address'))),
  zm.email(msg('Please enter a valid email address')),
);

