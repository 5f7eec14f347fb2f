// Contacts as vCard (RFC 2426, version 3.0; 2.1's quoted-printable values are read too, since phones still export them).
import { msg } from '../../shared/i18n';
import { escapeText, foldLine } from './ics';
import type { FileContactDate } from '../../shared/contactDates';
import { draftsOf, Warnings, type ContactFields, type ImportRead, type RawContact, type RawFile } from './contactImport';

const CRLF = '\r\n';

interface VcardProperty {
  name: string;
  params: string[];
  value: string;
}

/** Splits on `separator` where it is not escaped with a backslash. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length) {
      current += text[i] + text[i + 1];
      i++;
    } else if (text[i] === separator) {
      parts.push(current);
      current = '';
    } else current += text[i];
  }
  parts.push(current);
  return parts;
}

/** TEXT unescaping: \n or \N is a line break, \, \; \\ are the character itself. */
export function unescapeVcardText(value: string): string {
  return value.replace(/\\([nN,;\\:])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(value[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

const isQuotedPrintable = (params: string[]) => params.some((p) => /^(encoding=)?quoted-printable$/i.test(p));

/** One content line: `[group.]NAME[;param...]:value`; the colon is the first one outside a quoted parameter. */
function propertyOf(line: string): VcardProperty | null {
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < line.length && colon < 0; i++) {
    if (line[i] === '"') inQuotes = !inQuotes;
    else if (line[i] === ':' && !inQuotes) colon = i;
  }
  if (colon < 0) return null;
  const [nameWithGroup, ...params] = line.slice(0, colon).split(';');
  return { name: nameWithGroup.split('.').pop()!.toUpperCase(), params, value: line.slice(colon + 1) };
}

/**
 * Logical lines: a line starting with a space or tab continues the previous one (RFC 2425 §5.8.1 unfolding);
 * a quoted-printable value ending in '=' continues on the next line (a soft line break).
 */
function unfoldVcard(text: string): string[] {
  const lines: string[] = [];
  for (const physical of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const previous = lines.length ? lines[lines.length - 1] : undefined;
    if (previous !== undefined && (physical.startsWith(' ') || physical.startsWith('\t'))) {
      lines[lines.length - 1] = previous + physical.slice(1);
    } else if (previous !== undefined && previous.endsWith('=') && isQuotedPrintable(propertyOf(previous)?.params ?? [])) {
      lines[lines.length - 1] = previous.slice(0, -1) + physical;
    } else lines.push(physical);
  }
  return lines;
}

/** The value of a property as text: quoted-printable decoded, TEXT escapes undone. */
function textOf(property: VcardProperty): string {
  const raw = isQuotedPrintable(property.params) ? decodeQuotedPrintable(property.value) : property.value;
  return unescapeVcardText(raw);
}

/** N is family;given;additional;prefixes;suffixes; a person's name reads prefixes given additional family suffixes. */
function nameFromN(property: VcardProperty): string {
  const raw = isQuotedPrintable(property.params) ? decodeQuotedPrintable(property.value) : property.value;
  const [family, given, additional, prefixes, suffixes] = splitUnescaped(raw, ';').map((part) =>
    splitUnescaped(part, ',').map(unescapeVcardText).join(' ').trim(),
  );
  return [prefixes, given, additional, family, suffixes].filter(Boolean).join(' ');
}

/** Reads every BEGIN:VCARD … END:VCARD block; `row` is the card's number in the file. */
export function contactsFromVcard(text: string): ImportRead {
  return draftsOf(vcardRows(text));
}

export function vcardRows(text: string): RawFile {
  const raws: RawContact[] = [];
  let card: VcardProperty[] | null = null;
  const finish = (properties: VcardProperty[]) => {
    const first = (name: string) => properties.find((p) => p.name === name);
    const fn = first('FN');
    const n = first('N');
    const tel = first('TEL');
    const name = (fn && textOf(fn).trim()) || (n ? nameFromN(n) : '');
    raws.push({
      row: raws.length + 1,
      name,
      email: first('EMAIL') && textOf(first('EMAIL')!).replace(/^mailto:/i, ''),
      phone: tel && textOf(tel).replace(/^tel:/i, ''),
      status: first('X-SOWER-STATUS') && textOf(first('X-SOWER-STATUS')!),
      notes: first('NOTE') && textOf(first('NOTE')!),
      source: first('X-SOWER-SOURCE') && textOf(first('X-SOWER-SOURCE')!),
      // Every CATEGORIES line: a list of names, commas between them (tagNamesInFile splits them).
      tags: properties
        .filter((p) => p.name === 'CATEGORIES')
        .map(textOf)
        .join(','),
      birthday: first('BDAY')?.value,
      anniversary: (first('ANNIVERSARY') ?? first('X-ANNIVERSARY'))?.value,
    });
  };
  for (const line of unfoldVcard(text)) {
    const property = propertyOf(line);
    if (!property) continue;
    const marker = property.value.trim().toUpperCase();
    if (property.name === 'BEGIN' && marker === 'VCARD') card = [];
    else if (property.name === 'END' && marker === 'VCARD' && card) {
      finish(card);
      card = null;
    } else card?.push(property);
  }
  // A file cut off before its last END:VCARD still holds that card.
  if (card) finish(card);
  if (!raws.length) return { raws: [], problems: [{ row: 1, reason: msg('No contact cards found (each starts with BEGIN:VCARD)') }], warnings: new Warnings() };
  return { raws, problems: [], warnings: new Warnings() };
}

/**
 * N (family;given;additional;prefixes;suffixes; RFC 6350 §6.2.2) from what the person gave: a contact has one name
 * field, and which of its words is the family name cannot be told from the words ('Nguyễn Văn An' puts it first,
 * 'عبد الله بن سعيد' has none at the end), so the family name is empty and the whole name, escaped as TEXT (its commas
 * and semicolons are not separators), is the given name. Read back (nameFromN), it gives the name as it was.
 */
const nameAsN = (name: string) => `N:;${escapeText(name)};;;`;

/**
 * A person's birthday as BDAY and their baptism anniversary as ANNIVERSARY (RFC 6350 §6.2.5-6; 3.0 readers that do not
 * know ANNIVERSARY skip it), the first yearly one of each kind; their other dates stay in Sower's own export.
 */
function datesAsVcard(dates: FileContactDate[]): string[] {
  const birthday = dates.find((date) => date.kind === 'birthday' && date.yearly);
  const baptism = dates.find((date) => date.kind === 'baptism' && date.yearly);
  return [...(birthday ? [`BDAY;VALUE=DATE:${birthday.date}`] : []), ...(baptism ? [`ANNIVERSARY;VALUE=DATE:${baptism.date}`] : [])];
}

export function contactsToVcard(contacts: ContactFields[]): string {
  return contacts
    .map((contact) => {
      const lines = [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `FN:${escapeText(contact.name)}`,
        nameAsN(contact.name),
        contact.email ? `EMAIL;TYPE=INTERNET:${escapeText(contact.email)}` : null,
        contact.phone ? `TEL:${escapeText(contact.phone)}` : null,
        contact.notes ? `NOTE:${escapeText(contact.notes)}` : null,
        contact.tags?.length ? `CATEGORIES:${contact.tags.map(escapeText).join(',')}` : null,
        contact.source ? `X-SOWER-SOURCE:${escapeText(contact.source)}` : null,
        ...datesAsVcard(contact.dates ?? []),
        `X-SOWER-STATUS:${contact.spiritualStatus}`,
        'END:VCARD',
      ];
      return lines
        .filter((line): line is string => line !== null)
        .map((line) => foldLine(line) + CRLF)
        .join('');
    })
    .join('');
}
