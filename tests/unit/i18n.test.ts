// Sower's languages: choosing one, plurals and dates in each, and the catalogue checks `npm test` runs.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptedLanguages, NAME_PLACEHOLDERS, fmt, formattingLocales, locales, negotiateLocale, templateOf, type Locale } from '../../shared/i18n';
import { spiritualStatusLabel, spiritualStatusLabels } from '../../shared/vocabulary';
import { findMessages } from '../../scripts/i18n/extractor';
import { catalogueProblems, placeholdersOf, readCatalogue, type Entry } from '../../scripts/i18n/catalogues';
import { activateLocale, currentLocale, i18n, loadLocale, t } from '../../src/i18n';
import { activityTitle } from '../../src/lib/activityTitle';
import { issueText } from '../../src/i18n/issues';
import { fieldErrors } from '../../src/lib/errors';
import { activityDateLabel, followUpDueBadge, formatDay, overdueBy } from '../../src/lib/dates';
import { requestLocale, translate } from '../../server/i18n';

/** A catalogue's entries as its .po file writes them: where the code uses each (`#:` lines), its id and its translation. */
function poEntries(locale: Locale) {
  const text = readFileSync(new URL(`../../shared/locales/${locale}.po`, import.meta.url), 'utf8');
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as string;
  return text.split('\n\n').flatMap((block) => {
    const lines = block.split('\n');
    const id = lines.find((line) => line.startsWith('msgid '));
    const translation = lines.find((line) => line.startsWith('msgstr '));
    if (!id || !translation) return [];
    const origins = lines.filter((line) => line.startsWith('#: ')).map((line) => line.slice(3));
    return [{ origins, id: unquote(id), translation: unquote(translation) }];
  });
}

async function use(locale: Locale) {
  await loadLocale(locale);
  i18n.activate(locale);
}

afterEach(() => i18n.activate('en'));

describe('choosing the language', () => {
  it('matches preferred tags by language, most preferred first', () => {
    expect(negotiateLocale(['es-MX', 'en'])).toBe('es');
    expect(negotiateLocale(['pt-PT'])).toBe('pt-BR');
    expect(negotiateLocale(['pt'])).toBe('pt-BR');
    expect(negotiateLocale(['de-DE', 'fr-CI', 'ar'])).toBe('fr');
    expect(negotiateLocale(['ar-JO'])).toBe('ar');
    expect(negotiateLocale(['de', 'ja'])).toBeUndefined();
    expect(negotiateLocale([])).toBeUndefined();
  });

  it('reads Accept-Language by quality, and bounds a hostile header', () => {
    expect(acceptedLanguages('en;q=0.5, es-MX, fr;q=0.8')).toEqual(['es-MX', 'fr', 'en']);
    expect(acceptedLanguages('*, de;q=0, ar;q=0.1')).toEqual(['ar']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(Array.from({ length: 10_000 }, () => 'xx').join(',')).length).toBeLessThanOrEqual(20);
    expect(requestLocale(null, 'fr-FR,fr;q=0.9')).toBe('fr');
    expect(requestLocale('ar', 'fr-FR')).toBe('ar');
    expect(requestLocale('klingon', 'de')).toBe('en');
  });
});

describe('plurals in each language', () => {
  const prayed = '{count, plural, one {Prayed # time} other {Prayed # times}}';

  it('English keeps its words exactly', () => {
    expect(currentLocale()).toBe('en');
    expect(overdueBy(new Date(2031, 2, 10, 12), new Date(2031, 2, 11, 12))).toBe('1 day overdue');
    expect(overdueBy(new Date(2031, 2, 1, 12), new Date(2031, 2, 11, 12))).toBe('10 days overdue');
    expect(activityDateLabel(new Date(2031, 2, 8, 12), new Date(2031, 2, 11, 12))).toBe('3 days ago');
  });

  it('Arabic has six forms', async () => {
    await use('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t(prayed, { count }));
    expect(new Set(forms).size).toBe(6);
    expect(forms.join(' ')).not.toMatch(/[A-Za-z]/);
  });

  it('a reader’s regional form writes numbers and days the region’s way (Jordan: Arabic-Indic digits, آذار)', async () => {
    expect(formattingLocales('ar', ['ar-JO', 'en'])).toEqual(['ar-JO', 'ar']);
    expect(formattingLocales('es', ['en-US', 'es-MX'])).toEqual(['es-MX', 'es']);
    expect(formattingLocales('fr', ['en-US'])).toEqual(['fr']);
    await loadLocale('ar');
    i18n.activate('ar', formattingLocales('ar', ['ar-JO']));
    expect(t(prayed, { count: 3 })).toContain('٣');
    expect(formatDay(new Date(2031, 2, 11, 12)).replace(/\u200f/g, '')).toBe('١١ آذار ٢٠٣١');
  });

  it.each(['es', 'pt-BR', 'fr'] as const)('%s says one and many differently, and never in English', async (locale) => {
    await use(locale);
    const one = t(prayed, { count: 1 });
    const many = t(prayed, { count: 5 });
    expect(one).not.toBe(many);
    expect(many).toContain('5');
    expect(many).not.toContain('Prayed');
    expect(overdueBy(new Date(2031, 2, 1, 12), new Date(2031, 2, 11, 12))).not.toContain('overdue');
  });
});

describe('dates in each language', () => {
  const day = new Date(2031, 2, 11, 12);

  it('English keeps the spec form', () => {
    expect(formatDay(day)).toBe('Mar 11, 2031');
    expect(followUpDueBadge(new Date(2031, 3, 20, 12), day).label).toBe('Apr 20');
  });

  it.each([
    ['es', /^11 mar 2031$/],
    ['pt-BR', /^11 de mar\.? de 2031$/],
    ['fr', /^11 mars 2031$/],
    ['ar', /^11 مارس 2031$/],
  ] as const)('%s writes a day its own way', async (locale, form) => {
    await use(locale);
    expect(formatDay(day).replace(/\u200f/g, '')).toMatch(form);
  });

  it.each(['es', 'pt-BR', 'fr', 'ar'] as const)('%s says today, yesterday and days ago in its words', async (locale) => {
    await use(locale);
    const now = new Date(2031, 2, 11, 18);
    const labels = [0, 1, 3].map((back) => activityDateLabel(new Date(2031, 2, 11 - back, 9), now));
    expect(new Set(labels).size).toBe(3);
    for (const label of labels) expect(label).not.toMatch(/Today|Yesterday|days ago/);
  });
});

describe('texts from templates and shared words', () => {
  it('a schema message made from a template translates from it, with its values', async () => {
    const english = fmt('{label} must be at most {max} characters', { label: 'First name', max: 100 });
    expect(english).toBe('First name must be at most 100 characters');
    expect(templateOf(english)?.template).toBe('{label} must be at most {max} characters');
    await use('es');
    const spanish = issueText(english);
    expect(spanish).not.toBe(english);
    expect(spanish).toContain('100');
    expect(translate('es', '{label} must be at most {max} characters', { label: translate('es', 'First name'), max: 100 })).toBe(spanish);
  });

  it('the vocabulary speaks the screen language on the client, and the server translates it per request', async () => {
    await use('pt-BR');
    expect(spiritualStatusLabel('new_believer')).toBe(translate('pt-BR', 'New Believer'));
    expect(spiritualStatusLabel('new_believer')).not.toBe('New Believer');
  });

  it("looks up only the catalogue's own messages: a name of Object.prototype is a text like any other", async () => {
    const inherited = ['__proto__', 'constructor', '__defineGetter__', 'toString', 'hasOwnProperty', 'valueOf'];
    for (const locale of locales) {
      await use(locale);
      for (const id of inherited) {
        expect(translate(locale, id)).toBe(id);
        expect(translate(locale, id, { label: 'x' })).toBe(id);
        expect(t(id)).toBe(id);
        expect(issueText(id)).toBe(id);
      }
    }
    // A form's errors by field: a path named like a prototype member is a field of its own.
    const byField = fieldErrors([
      { path: 'constructor', message: 'First' },
      { path: '__proto__', message: 'Second' },
      { path: 'toString', message: 'Third' },
    ]);
    expect(Object.entries(byField)).toEqual([
      ['constructor', 'First'],
      ['__proto__', 'Second'],
      ['toString', 'Third'],
    ]);
  });
});

describe('the catalogue checks npm test runs', () => {
  const code = new Map([
    ['Activity created', ['a.tsx:1']],
    ['Next follow-up with {name}', ['b.tsx:2']],
  ]);
  const entry = (translation: string, obsolete = false): Entry => ({ translation, obsolete });

  it('pass a complete catalogue', () => {
    const good = new Map([
      ['Activity created', entry('Actividad creada')],
      ['Next follow-up with {name}', entry('Próximo seguimiento con {name}')],
    ]);
    expect(catalogueProblems('es', code, good)).toEqual([]);
  });

  it('fail on a missing, an untranslated, an obsolete message and a changed placeholder', () => {
    const problems = catalogueProblems(
      'es',
      code,
      new Map([
        ['Next follow-up with {name}', entry('Próximo seguimiento con {nombre}')],
        ['Old text', entry('Texto viejo')],
      ]),
    );
    expect(problems.join('\n')).toMatch(/missing "Activity created"/);
    expect(problems.join('\n')).toMatch(/placeholders differ for "Next follow-up with \{name\}"/);
    expect(problems.join('\n')).toMatch(/obsolete "Old text"/);
    expect(
      catalogueProblems(
        'es',
        code,
        new Map([
          ['Activity created', entry('')],
          ['Next follow-up with {name}', entry('x {name}')],
        ]),
      ).join(),
    ).toMatch(/untranslated/);
  });

  it('see the arguments of plurals and the tags of a sentence with links', () => {
    expect(placeholdersOf('{count, plural, one {# contact of {name}} other {# contacts}}')).toEqual(['{count}', '{name}']);
    expect(placeholdersOf('Read <0>the guide</0>, {name}')).toEqual(['<0>', '{name}']);
  });

  it('the extractor collects literal texts and refuses to mark a variable', () => {
    const { messages, problems } = findMessages(
      'x.tsx',
      "const a = t('One'); const b = msg('Two'); const c = <Trans id=\"Three <0>x</0>\" />; translate(locale, 'Four'); msg(name);",
    );
    expect(messages.map((m) => m.id)).toEqual(['One', 'Two', 'Three <0>x</0>', 'Four']);
    expect(problems).toHaveLength(1);
  });

  it('every catalogue in the repository is complete', async () => {
    for (const locale of locales.filter((l) => l !== 'en')) expect((await readCatalogue(locale)).size).toBeGreaterThan(400);
  });
});

describe('words that read right', () => {
  it('an activity is titled as a whole sentence per type, and the type Other reads as an activity', async () => {
    expect(activityTitle('other', 'Don Ramón')).toBe('Activity with Don Ramón');
    expect(activityTitle('conversation', 'Ana')).toBe('Conversation with Ana');
    await use('es');
    expect(activityTitle('other', 'Don Ramón')).toBe('Actividad con \u2068Don Ramón\u2069');
    expect(activityTitle('gospel_presentation', 'Ana')).toBe('Presentación del evangelio a \u2068Ana\u2069');
    await use('fr');
    expect(activityTitle('other', 'Ana')).toBe('Activité avec \u2068Ana\u2069');
  });

  it('in Arabic the type still chooses the sentence (only the shown name is isolated)', async () => {
    await activateLocale('ar');
    try {
      expect(activityTitle('conversation', 'Ana')).toBe('محادثة مع \u2068Ana\u2069');
      expect(activityTitle('other', 'Ana')).toBe('نشاط مع \u2068Ana\u2069');
    } finally {
      await activateLocale('en');
    }
  });

  it('every translation that places a name on a screen isolates it (FSI … PDI), so its own direction never moves the words around it', () => {
    for (const locale of ['es', 'pt-BR', 'fr', 'ar'] as const) {
      const onScreen = poEntries(locale).filter((entry) => entry.origins.some((origin) => origin.startsWith('src/')));
      const withNames = onScreen.filter((entry) => placeholdersOf(entry.id).some((p) => NAME_PLACEHOLDERS.includes(p.slice(1, -1))));
      expect(withNames.length).toBeGreaterThan(40);
      for (const { translation } of withNames) {
        for (const name of NAME_PLACEHOLDERS) {
          const bare = translation.split(`{${name}}`).length - 1;
          const isolated = translation.split(`\u2068{${name}}\u2069`).length - 1;
          expect(isolated, `${locale}: ${translation}`).toBe(bare);
        }
      }
    }
  });

  it('Arabic never glues a name to a preposition (لـJorge): the word before a name stands apart', async () => {
    const catalogue = await readCatalogue('ar');
    const gluedToAName = new RegExp(`[\\u0600-\\u06ff](<\\d>|\\u2068)*\\{(${NAME_PLACEHOLDERS.join('|')})\\}`);
    const glued = [...catalogue.values()].map((entry) => entry.translation).filter((text) => gluedToAName.test(text));
    expect(glued).toEqual([]);
  });

  it('a name comes isolated in each language, in the sentence and in the list row that links it', async () => {
    await use('es');
    expect(activityTitle('gospel_presentation', 'Jorge')).toBe('Presentación del evangelio a \u2068Jorge\u2069');
    await activateLocale('ar');
    try {
      expect(activityTitle('gospel_presentation', 'Jorge')).toBe('تقديم الإنجيل إلى \u2068Jorge\u2069');
      // Isolated once: the catalogue places the isolates, and t() adds none of its own around a name.
      expect(t('Shared with {team}', { team: 'Equipo Centro' }).split('\u2068').length).toBe(2);
      expect(t('Shared with {team}', { team: 'Equipo Centro' })).toContain('\u2068Equipo Centro\u2069');
    } finally {
      await activateLocale('en');
    }
  });

  it('a tab names a group (plural) where a badge names one item', async () => {
    await use('es');
    expect(t('Completed')).toBe('Completado');
    expect(t('{items, select, goals {Completed} other {Completed}}', { items: 'followUps' })).toBe('Completados');
    expect(t('{items, select, goals {Completed} other {Completed}}', { items: 'goals' })).toBe('Completadas');
    expect(t('{items, select, other {Overdue}}', { items: 'followUps' })).toBe('Atrasados');
    i18n.activate('en');
    expect(t('{items, select, goals {Completed} other {Completed}}', { items: 'goals' })).toBe('Completed');
  });
  it('the registration toast tells a person who is signed in by it to start, never to log in (the English is the spec’s)', () => {
    const text = 'Your account has been created. You can now log in.';
    const logIn = { es: /sesión/, 'pt-BR': /entrar/, fr: /connect/, ar: /تسجيل الدخول/ };
    for (const [locale, words] of Object.entries(logIn)) {
      expect(translate(locale as Locale, text)).not.toBe(text);
      expect(translate(locale as Locale, text)).not.toMatch(words);
    }
  });
});

describe('the glossary (docs/glossary.md)', () => {
  const glossary = readFileSync(new URL('../../docs/glossary.md', import.meta.url), 'utf8');
  /** The rows of one language's table: its English words to its own (cells padded or not, as Prettier aligns them). */
  const rowsOf = (locale: Locale) => {
    const section = glossary.split(/^## /m).find((part) => part.split('\n')[0].includes(`(${locale})`)) ?? '';
    return new Map([...section.matchAll(/^\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|/gm)].map((row) => [row[1], row[2]]));
  };

  it.each(['es', 'pt-BR', 'fr', 'ar'] as const)("%s: the status names are the catalogue's translations of the status labels", async (locale) => {
    const catalogue = await readCatalogue(locale);
    const rows = rowsOf(locale);
    for (const label of Object.values(spiritualStatusLabels)) {
      expect(rows.get(`${label} (status)`), `${locale}: ${label}`).toBe(catalogue.get(label)?.translation);
    }
  });

  /** A word as a sentence may carry it: any case, without isolates, and Arabic without its article (الإعدادات, إعدادات Sower). */
  const plain = (text: string) =>
    text
      .replace(/[\u2068\u2069]/g, '')
      .replace(/(^|[\s«(])ال/g, '$1')
      .toLocaleLowerCase();
  // The texts that name each thing, in English: the screen called Settings, the three roles, taking a contact back.
  const TERMS = [
    { row: 'Settings (the screen)', label: 'Settings', names: /\bSettings\b/ },
    { row: 'admin (role)', label: 'Admin', names: /\b(a|team|team’s|only) admin\b/i },
    { row: 'viewer (role)', label: 'Viewer', names: /\bviewer\b/i },
    { row: 'take back (stop sharing)', label: 'Take back', names: /^Take back\b/ },
  ];

  it.each(['es', 'pt-BR', 'fr', 'ar'] as const)(
    '%s: Settings, the roles and taking back are one word each, in the label and every text that names them',
    (locale) => {
      const rows = rowsOf(locale);
      const entries = poEntries(locale);
      const label = (id: string) => entries.find((entry) => entry.id === id)?.translation;
      for (const { row, label: english, names } of TERMS) {
        const word = rows.get(row);
        expect(word, `${locale}: ${row}`).toBe(label(english));
        for (const { id, translation } of entries.filter((entry) => names.test(entry.id))) {
          expect(plain(translation), `${locale}: ${id}`).toContain(plain(word!));
        }
      }
    },
  );
});
