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

export function splitFullName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = words(name);
  return { firstName, lastName: rest.join(' ') };
}

// Users registered with a one-word name have an empty lastName, which must not leave a trailing space.
export function fullName(user: { firstName: string; lastName: string }): string {
  return [user.firstName.trim(), user.lastName.trim()].filter((part) => part !== '').join(' ');
}

/**
 * Dialers want the number alone: '+1 (555) 010-0100' calls as '+15550100100'; pauses (, ;) and * # stay. A phone
 * field with no digit in it ('ask at church') has nothing to dial: null.
 */
export function telHref(phone: string): string | null {
  return /\d/.test(phone) ? `tel:${phone.replace(/[^\d+*#,;]/g, '')}` : null;
}
