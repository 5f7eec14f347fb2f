// Person helpers: avatar initials, splitting a registration name, showing a user's full name, a phone number to dial.

function words(name: string): string[] {
  const trimmed = name.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

// Spread by code point so a name starting with an astral character (emoji, some scripts) keeps it whole.
function firstLetters(word: string, count: number): string {
  return [...word].slice(0, count).join('');
}

export function getInitials(name: string): string {
  const parts = words(name);
  if (parts.length === 0) return '??';
  if (parts.length === 1) return firstLetters(parts[0], 2).toUpperCase();
  return (firstLetters(parts[0], 1) + firstLetters(parts[parts.length - 1], 1)).toUpperCase();
}

/**
 * The signed-in user's initials as the spec says: the first letters of firstName and lastName ('Johanna' 'de Vries' →
 * 'JD'). A user with one name (lastName empty) gets that name's initials, as a one-word name does ('Ruth' → 'RU').
 */
export function userInitials(user: { firstName: string; lastName: string }): string {
  const first = words(user.firstName)[0];
  const last = words(user.lastName)[0];
  if (first && last) return (firstLetters(first, 1) + firstLetters(last, 1)).toUpperCase();
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
export function telHref(phone: string): string | null {
  const extension = EXTENSION.exec(phone);
  const number = (extension ? phone.slice(0, extension.index) : phone).replace(/[^\d+*#,;]/g, '');
  if (!/\d/.test(number)) return null;
  return `tel:${number}${extension ? `;ext=${extension[1]}` : ''}`;
}
