// Person helpers: avatar initials, splitting a registration name, showing a user's full name, a phone number to dial.
import { asciiDigits } from '../../shared/fold';

function words(name: string): string[] {
  const trimmed = name.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

/** A letter and the marks on it ('é', 'ñ', an Arabic letter with its harakat); digits, punctuation and symbols are not letters. */
const LETTER = /\p{L}\p{M}*/gu;
/** The ordinal indicators (º, ª) count as letters in Unicode but are no one's initial. */
const NOT_INITIAL = /^[ºª]/;
/** A note in brackets after a name ('Marta (vecina)'): no part of the initials while something else is left. */
const BRACKETED = /[([{][^)\]}]*[)\]}]?/g;

/** The scripts a name is commonly written in: initials take letters of one of them only ('مK' is no pair of initials). */
const SCRIPTS = [
  'Latin',
  'Arabic',
  'Cyrillic',
  'Greek',
  'Hebrew',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Devanagari',
  'Thai',
  'Armenian',
  'Georgian',
  'Ethiopic',
  'Bengali',
  'Tamil',
].map((script) => [script, new RegExp(`^\\p{Script=${script}}`, 'u')] as const);
function scriptOf(letter: string): string {
  return SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'other';
}

/** Each word's letters, in NFC so an accent typed apart stays on its letter. */
function letteredWords(text: string): string[][] {
  return words(text.normalize('NFC'))
    .map((word) => (word.match(LETTER) ?? []).filter((letter) => !NOT_INITIAL.test(letter)))
    .filter((letters) => letters.length > 0);
}

/** The words of the given script only, each keeping only the letters of that script. */
function inScript(wordsLetters: string[][], script: string): string[][] {
  return wordsLetters.map((letters) => letters.filter((letter) => scriptOf(letter) === script)).filter((letters) => letters.length > 0);
}

const upper = (letters: string[]) => letters.join('').toUpperCase();

/**
 * Initials from letters only (no digit or bracket: 'Marta (vecina)' is 'MA', 'David 3' is 'DA') and from one script, the
 * first letter's ('محمد Khan' is 'مح', not 'مK'): the first letters of the first and last words, or a one-word name's
 * first two letters. No letter at all: '??'.
 */
export function getInitials(name: string): string {
  const unbracketed = letteredWords(name.replace(BRACKETED, ' '));
  const all = unbracketed.length > 0 ? unbracketed : letteredWords(name);
  if (all.length === 0) return '??';
  const parts = inScript(all, scriptOf(all[0][0]));
  if (parts.length === 1) return upper(parts[0].slice(0, 2));
  return upper([parts[0][0], parts[parts.length - 1][0]]);
}

/**
 * The signed-in user's initials as the spec says: the first letters of firstName and lastName ('Johanna' 'de Vries' →
 * 'JD'), letters only and of one script. A user with one name (lastName empty, or in another script) gets that name's
 * initials, as a one-word name does ('Ruth' → 'RU').
 */
export function userInitials(user: { firstName: string; lastName: string }): string {
  const first = letteredWords(user.firstName)[0];
  const last = first && inScript(letteredWords(user.lastName), scriptOf(first[0]))[0];
  if (first && last) return upper([first[0], last[0]]);
  return getInitials(fullName(user));
}

export function splitFullName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = words(name);
  return { firstName, lastName: rest.join(' ') };
}

// Users registered with a one-word name have an empty lastName, which must not leave a trailing space.
export function fullName(user: { firstName: string; lastName: string }): string {
  return [user.firstName.trim(), user.lastName.trim()].filter((part) => part !== '').join(' ');
}

/** An extension written after the number: 'ext. 12345', 'extension 12', 'x12', 'ext 12'. */
const EXTENSION = /\s*(?:ext(?:ension)?\.?|x)\s*(\d+)\s*$/i;

/**
 * Dialers want the number alone: '+1 (555) 010-0100' calls as '+15550100100'; pauses (, ;) and * # stay. An extension
 * goes after ';ext=' (RFC 3966), not into the number. A phone field with no digit in it ('ask at church') has nothing
 * to dial: null.
 */
export function telHref(typed: string): string | null {
  // Arabic-Indic and Persian digits dial as ASCII digits (issue 28); the number stays stored and shown as typed.
  const phone = asciiDigits(typed);
  const extension = EXTENSION.exec(phone);
  const number = (extension ? phone.slice(0, extension.index) : phone).replace(/[^\d+*#,;]/g, '');
  if (!/\d/.test(number)) return null;
  return `tel:${number}${extension ? `;ext=${extension[1]}` : ''}`;
}
