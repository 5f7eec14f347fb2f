// Registration and login inputs, as the server checks them (SPEC §5 server-side schema).
import { z } from 'zod';
import { LIMITS } from './common';

/**
 * The form of a username that uniqueness and sign-in compare: compatibility-normalised (NFKC: fullwidth 'ＡＬＩＣＥ' is
 * 'ALICE') and case-folded for every script (upper then lower folds 'ß' with 'SS' and final 'ς' with 'σ', which a
 * lower-casing alone keeps apart).
 */
export function usernameKey(username: string) {
  return username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

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

export const usernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .transform((value) => value.normalize('NFKC'))
  .pipe(
    z
      .string()
      .min(3, 'Username must be at least 3 characters')
      .max(50, 'Username must be at most 50 characters')
      .regex(/^[\p{L}\p{M}\p{N}._-]+$/u, 'Username may only contain letters, numbers, dots, dashes and underscores')
      .refine(isSingleScript, 'Username must use the letters of one alphabet'),
  );

export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(LIMITS.email, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const registerInput = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
  firstName: z.string().trim().max(100, 'First name must be at most 100 characters').default(''),
  lastName: z.string().trim().max(100, 'Last name must be at most 100 characters').default(''),
});

export const loginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

