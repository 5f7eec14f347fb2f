import { describe, expect, it } from 'vitest';
import { calendarDate, escapeText, foldLine, followUpsCalendar, REMINDER_TRIGGER, utcStamp, type CalendarFollowUp } from '../../server/formats/ics';

const now = new Date('2026-11-22T15:30:05.123Z');
const octets = (text: string) => Buffer.byteLength(text, 'utf8');
/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
/** The content lines of a calendar, unfolded. */
const contentLines = (text: string) => unfold(text).split('\r\n').slice(0, -1);

function followUp(overrides: Partial<CalendarFollowUp> = {}): CalendarFollowUp {
  return { id: 7, date: new Date('2026-11-22T12:00:00Z'), type: 'phone', description: 'Ask how the move went', contactName: 'Maria', ...overrides };
}

/** A tiny seeded generator, so the random folding cases are the same on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return (max: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma with a backslash', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
  });

  it('escapes the backslash first, so an escaped comma is not escaped twice', () => {
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });

  it('writes LF, CRLF and CR newlines as \\n', () => {
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
  });

  it('keeps colons, quotes, tabs and non-ASCII text as they are', () => {
    expect(escapeText('Time: 9:30 "sharp"\tcafé ✝')).toBe('Time: 9:30 "sharp"\tcafé ✝');
  });

  it('drops control characters that TEXT may not hold', () => {
    expect(escapeText('a\u0000b\u0007c\u001bd\u007fe')).toBe('abcde');
  });
});

describe('foldLine', () => {
  it('leaves a line of exactly 75 octets whole', () => {
    const line = 'X'.repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds a line of 76 octets after the 75th, the rest on a line starting with one space', () => {
    const line = 'X'.repeat(75) + 'Y';
    expect(foldLine(line)).toBe(`${'X'.repeat(75)}\r\n Y`);
  });

  it('counts the leading space of a continuation toward its 75 octets', () => {
    const folded = foldLine('X'.repeat(75 + 74 + 10)).split('\r\n');
    expect(folded.map(octets)).toEqual([75, 75, 11]);
    expect(folded[1]).toBe(' ' + 'X'.repeat(74));
  });

  it('counts UTF-8 octets, not characters: a 75-octet line ending in a 3-octet character stays whole', () => {
    const line = 'A'.repeat(72) + '€';
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('breaks before a multi-byte character that would cross octet 75, never inside it', () => {
    const line = 'A'.repeat(73) + '€B';
    const [first, second] = foldLine(line).split('\r\n');
    expect(first).toBe('A'.repeat(73));
    expect(octets(first)).toBe(73);
    expect(second).toBe(' €B');
  });

  it('keeps two-octet characters whole: 2 + 36 × 2 = 74 octets fit, the 37th would make 76', () => {
    const line = 'X:' + 'é'.repeat(40);
    const [first, second] = foldLine(line).split('\r\n');
    expect(octets(first)).toBe(74);
    expect(second).toBe(' ' + 'é'.repeat(4));
  });

  it('keeps four-octet characters (surrogate pairs in JavaScript) whole', () => {
    const line = 'SUMMARY:' + '🙏'.repeat(40);
    for (const physical of foldLine(line).split('\r\n')) {
      expect(octets(physical)).toBeLessThanOrEqual(75);
      expect(physical).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });

  it('folds any mix of 1- to 4-octet characters into lines of at most 75 octets that unfold to the original', () => {
    const alphabet = ['a', 'Z', ' ', ',', 'é', 'ß', 'Ж', '€', '中', '✝', '🙏', '👍🏽'];
    const next = generator(20261122);
    for (let round = 0; round < 300; round++) {
      const line = 'DESCRIPTION:' + Array.from({ length: next(200) }, () => alphabet[next(alphabet.length)]).join('');
      const folded = foldLine(line);
      const physical = folded.split('\r\n');
      for (const [i, part] of physical.entries()) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        if (i > 0) expect(part.startsWith(' ')).toBe(true);
        expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
      }
      expect(unfold(folded)).toBe(line);
    }
  });
});

describe('utcStamp', () => {
  it('formats a UTC date-time as YYYYMMDDTHHMMSSZ, dropping milliseconds', () => {
    expect(utcStamp(now)).toBe('20261122T153005Z');
    expect(utcStamp(new Date('2027-01-02T03:04:05Z'))).toBe('20270102T030405Z');
  });
});

describe('calendarDate', () => {
  // The client stores a chosen day as local noon of that day; these are 22 November 2026 at noon in each zone.
  it.each([
    ['UTC-11', '2026-11-22T12:00:00-11:00'],
    ['UTC-10', '2026-11-22T12:00:00-10:00'],
    ['UTC', '2026-11-22T12:00:00Z'],
    ['UTC+10', '2026-11-22T12:00:00+10:00'],
    ['UTC+11', '2026-11-22T12:00:00+11:00'],
    ['UTC+12', '2026-11-22T12:00:00+12:00'],
  ])('gives the chosen day for local noon in %s', (_, iso) => {
    expect(calendarDate(new Date(iso))).toBe('20261122');
    expect(calendarDate(new Date(iso), 1)).toBe('20261123');
  });

  it('gives the day of a REST date typed without a time (UTC midnight)', () => {
    expect(calendarDate(new Date('2031-05-01'))).toBe('20310501');
  });

  // Noon at UTC+13 and UTC+14 falls on the UTC day before (and is the same instant as noon at UTC-11 and UTC-10 that
  // day): only the reader's saved zone can tell which day it is.
  it.each([
    ['Pacific/Kiritimati', '2026-11-22T12:00:00+14:00', '20261122', '20261123'],
    ['Pacific/Apia', '2026-11-22T12:00:00+13:00', '20261122', '20261123'],
    ['Pacific/Auckland', '2026-11-22T12:00:00+13:00', '20261122', '20261123'],
    ['Pacific/Pago_Pago', '2026-11-22T12:00:00-11:00', '20261122', '20261123'],
    ['Pacific/Honolulu', '2026-11-22T12:00:00-10:00', '20261122', '20261123'],
    ['Pacific/Kiritimati', '2026-12-31T12:00:00+14:00', '20261231', '20270101'],
  ])('gives the chosen day for local noon in %s, in that zone', (zone, iso, day, next) => {
    expect(calendarDate(new Date(iso), 0, zone)).toBe(day);
    expect(calendarDate(new Date(iso), 1, zone)).toBe(next);
  });

  it('rolls the next day over month, year and leap-day boundaries', () => {
    expect(calendarDate(new Date('2026-12-31T12:00:00Z'), 1)).toBe('20270101');
    expect(calendarDate(new Date('2028-02-28T12:00:00Z'), 1)).toBe('20280229');
    expect(calendarDate(new Date('2027-02-28T12:00:00Z'), 1)).toBe('20270301');
  });
});

describe('followUpsCalendar', () => {
  it("writes a series on the reader's days: a monthly one from the 31st at noon in Kiritimati (Jan 30 in UTC)", () => {
    const date = new Date('2031-01-31T12:00:00+14:00');
    const lines = contentLines(
      followUpsCalendar([followUp({ date, repeatEvery: 1, repeatUnit: 'month', repeatFrom: 'date', repeatAnchor: date })], {
        now,
        locale: 'en',
        timeZone: 'Pacific/Kiritimati',
      }),
    );
    expect(lines).toContain('DTSTART;VALUE=DATE:20310131');
    expect(lines).toContain('DTEND;VALUE=DATE:20310201');
    expect(lines).toContain('RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('ends every line with CRLF and has no bare CR or LF', () => {
    const text = followUpsCalendar([followUp({ description: 'line one\nline two' })], { now, locale: 'en', name: 'Sower follow-ups' });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes the calendar properties of a published feed', () => {
    const lines = contentLines(followUpsCalendar([], { now, locale: 'en', name: 'Sower follow-ups' }));
    expect(lines).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Sower//Sower//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Sower follow-ups',
      'END:VCALENDAR',
    ]);
  });

  it('leaves out the calendar name when none is given (a single-event file)', () => {
    expect(followUpsCalendar([followUp()], { now, locale: 'en' })).not.toContain('X-WR-CALNAME');
  });

  it('writes one all-day VEVENT per follow-up with a stable UID, stamp, title, description and a morning reminder', () => {
    const lines = contentLines(followUpsCalendar([followUp()], { now, locale: 'en' }));
    expect(lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VCALENDAR'))).toEqual([
      'BEGIN:VEVENT',
      'UID:followup-7@sower',
      'DTSTAMP:20261122T153005Z',
      'DTSTART;VALUE=DATE:20261122',
      'DTEND;VALUE=DATE:20261123',
      'SUMMARY:Phone call: Maria',
      'DESCRIPTION:Ask how the move went',
      'STATUS:CONFIRMED',
      'TRANSP:TRANSPARENT',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `TRIGGER:${REMINDER_TRIGGER}`,
      'DESCRIPTION:Phone call: Maria',
      'END:VALARM',
      'END:VEVENT',
    ]);
    expect(REMINDER_TRIGGER).toBe('PT9H');
  });

  it('puts local noon of the same day in UTC-10, UTC and UTC+10 on that one day', () => {
    const zones = ['2026-11-22T12:00:00-10:00', '2026-11-22T12:00:00Z', '2026-11-22T12:00:00+10:00'];
    const text = followUpsCalendar(
      zones.map((iso, i) => followUp({ id: i + 1, date: new Date(iso) })),
      { now, locale: 'en' },
    );
    const lines = contentLines(text);
    expect(lines.filter((l) => l.startsWith('DTSTART'))).toEqual(Array(3).fill('DTSTART;VALUE=DATE:20261122'));
    expect(lines.filter((l) => l.startsWith('DTEND'))).toEqual(Array(3).fill('DTEND;VALUE=DATE:20261123'));
  });

  it.each([
    ['phone', 'Phone call'],
    ['meeting', 'Meeting'],
    ['email', 'Email'],
    ['text', 'Text message'],
    ['study', 'Bible study'],
    ['other', 'Follow-up'],
  ] as const)('titles a %s follow-up "%s: {name}"', (type, words) => {
    expect(contentLines(followUpsCalendar([followUp({ type })], { now, locale: 'en' }))).toContain(`SUMMARY:${words}: Maria`);
  });

  it('escapes the contact name and description', () => {
    const lines = contentLines(
      followUpsCalendar([followUp({ contactName: 'Smith, John; Jr.', description: 'Bring:\n- Bible\n- C:\\notes, snacks' })], { now, locale: 'en' }),
    );
    expect(lines).toContain('SUMMARY:Phone call: Smith\\, John\\; Jr.');
    expect(lines).toContain('DESCRIPTION:Bring:\\n- Bible\\n- C:\\\\notes\\, snacks');
  });

  it('folds a long multi-byte description into lines of at most 75 octets', () => {
    const description = 'Prière pour la famille 🙏 — 祈祷 '.repeat(20);
    const text = followUpsCalendar([followUp({ description })], { now, locale: 'en' });
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(contentLines(text)).toContain(`DESCRIPTION:${escapeText(description)}`);
  });
});
