import { describe, it, expect } from 'vitest';
import { fullName, getInitials, splitFullName, telHref, userInitials } from '../../src/lib/names';

describe('getInitials', () => {
  it('gives ?? for an empty name', () => {
    expect(getInitials('')).toBe('??');
  });

  it('gives ?? for a whitespace-only name', () => {
    expect(getInitials('   \t\n ')).toBe('??');
  });

  it('uses the first two letters of a one-word name, uppercased', () => {
    expect(getInitials('maria')).toBe('MA');
  });

  it('uses the single letter of a one-letter name', () => {
    expect(getInitials('j')).toBe('J');
  });

  it('uses the first letters of the first and last words of a two-word name', () => {
    expect(getInitials('john smith')).toBe('JS');
  });

  it('skips middle names', () => {
    expect(getInitials('Mary Ann Lee Jones')).toBe('MJ');
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(getInitials('  ada   \t lovelace  ')).toBe('AL');
    expect(getInitials('  ada  ')).toBe('AD');
  });

  it('keeps a leading astral character whole', () => {
    expect(getInitials('𝒜lice 𝒷ob')).toBe('𝒜𝒷');
  });

  // Issue 28: "M(", "D3" and "مK" were initials.
  it.each([
    ['Marta (vecina)', 'MA'],
    ['Don Ramón (vecino del 3º)', 'DR'],
    ['Luis 3º', 'LU'],
    ['David 3', 'DA'],
    ['3D Printing', 'DP'],
    ['(Marta)', 'MA'],
    ["O'Brien", 'OB'],
    ['«Pilar»', 'PI'],
    ['…', '??'],
    ['42', '??'],
    ['élodie durand', 'ÉD'],
    ['e\u0301lodie', 'ÉL'],
  ])('takes letters only: %s → %s', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });

  it.each([
    ['محمد Khan', 'مح'],
    ['محمد علي Khan', 'مع'],
    ['Mohammed خان', 'MO'],
    ['مK', 'م'],
    ['Kم', 'K'],
    ['Иван Petrov', 'ИВ'],
    ['Nadia حداد Haddad', 'NH'],
    ['李 Wei', '李'],
  ])('takes letters of one script, the first letter’s: %s → %s', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });
});

describe('splitFullName', () => {
  it('splits a two-word name into first and last name', () => {
    expect(splitFullName('John Smith')).toEqual({ firstName: 'John', lastName: 'Smith' });
  });

  it('puts every word after the first into the last name, joined by single spaces', () => {
    expect(splitFullName('  Mary   Ann\tLee  ')).toEqual({ firstName: 'Mary', lastName: 'Ann Lee' });
  });

  it('leaves the last name empty for a one-word name', () => {
    expect(splitFullName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('gives two empty parts for a blank name', () => {
    expect(splitFullName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});

describe('fullName', () => {
  it('joins first and last name with a space', () => {
    expect(fullName({ firstName: 'John', lastName: 'Smith' })).toBe('John Smith');
  });

  it('shows only the first name when the last name is empty', () => {
    expect(fullName({ firstName: 'Cher', lastName: '' })).toBe('Cher');
  });

  it('shows only the last name when the first name is empty', () => {
    expect(fullName({ firstName: ' ', lastName: 'Smith' })).toBe('Smith');
  });

  it('round-trips a name split by splitFullName', () => {
    expect(fullName(splitFullName('  Mary   Ann  Lee '))).toBe('Mary Ann Lee');
  });
});

describe('telHref', () => {
  it.each([
    ['+1 (555) 010-0100', 'tel:+15550100100'],
    ['0123 456', 'tel:0123456'],
    ['+44 20 7946 0000 ,,12#', 'tel:+442079460000,,12#'],
    ['ask at church', null],
    ['+1 (555) 987-6543 ext. 12345', 'tel:+15559876543;ext=12345'],
    ['555 0100 x12', 'tel:5550100;ext=12'],
    ['555 0100 extension 7', 'tel:5550100;ext=7'],
    ['ext. 12', null],
    // Arabic-Indic and Persian digits dial as ASCII digits (issue 28): a number typed in them is still a link.
    ['٠٥٠١٢٣٤٥٦٧', 'tel:0501234567'],
    ['+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧', 'tel:+966501234567'],
    ['۰۹۱۲ ۳۴۵ ۶۷۸۹', 'tel:09123456789'],
    ['+966 ٥٠ 123 ٤٥٦٧ x١٢', 'tel:+966501234567;ext=12'],
  ])('dials %s as %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('userInitials', () => {
  it.each([
    [{ firstName: 'Johanna', lastName: 'de Vries' }, 'JD'],
    [{ firstName: 'Grace', lastName: 'Brewster Hopper' }, 'GB'],
    [{ firstName: 'maria', lastName: 'santos' }, 'MS'],
    [{ firstName: 'Ruth', lastName: '' }, 'RU'],
    [{ firstName: '', lastName: '' }, '??'],
    [{ firstName: '😀 Joy', lastName: 'Ng' }, 'JN'],
    [{ firstName: 'Nadia', lastName: 'حداد' }, 'NA'],
    [{ firstName: 'نادية', lastName: 'حداد' }, 'نح'],
    [{ firstName: '(Jo)', lastName: '3 Smith' }, 'JS'],
  ])('gives %o the initials %s: the first letters of firstName and lastName', (user, initials) => {
    expect(userInitials(user)).toBe(initials);
  });
});
